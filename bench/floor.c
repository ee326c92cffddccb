/* The benchmark's floor: the smallest GTK 4 application with a window, built the way GNOME's templates build one
 * (GtkApplication, so it pays the same D-Bus registration as Mayun). At its first painted frame it prints
 * "first-frame <g_get_monotonic_time() in µs>" on stdout and exits, like `MAYUN_BENCH_FIRST_FRAME=1 mayun`.
 * Built by bench/startup.py: gcc -O2 floor.c $(pkg-config --cflags --libs gtk4) */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

/* main()'s first moment, printed at the end like Mayun's MAYUN_BENCH_STARTUP_STEPS stamps: exec -> main is the
 * dynamic linking of GTK, the part of start-up no application code can shorten. */
static gint64 main_time;

static void
after_paint (GdkFrameClock *clock, gpointer user_data)
{
  gint64 now = g_get_monotonic_time ();
  printf ("step main %" G_GINT64_FORMAT "\n", main_time);
  printf ("step first-frame %" G_GINT64_FORMAT "\n", now);
  printf ("first-frame %" G_GINT64_FORMAT "\n", now);
  fflush (stdout);
  exit (0);
}

static void
on_realize (GtkWidget *window, gpointer user_data)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), NULL);
}

static void
activate (GtkApplication *app, gpointer user_data)
{
  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "Floor");
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  g_signal_connect_after (window, "realize", G_CALLBACK (on_realize), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  main_time = g_get_monotonic_time ();
  GtkApplication *app = gtk_application_new ("io.gitee.Mayun.BenchFloor", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  g_object_unref (app);
  return status;
}
