/* The benchmark's floor: the smallest GTK 4 application with a window, built the way GNOME's templates build one
 * (GtkApplication, so it pays the same D-Bus registration as Mayun). At its first painted frame it prints
 * "first-frame <g_get_monotonic_time() in µs>" on stdout and exits, like `MAYUN_BENCH_FIRST_FRAME=1 mayun`.
 * Built by bench/startup.py: gcc -O2 floor.c $(pkg-config --cflags --libs gtk4) */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

/* Stamps printed at the end like Mayun's MAYUN_BENCH_STARTUP_STEPS ones, under the same names so that the step table
 * sets them side by side: main()'s first moment (exec -> main is the dynamic linking of GTK, the part of start-up no
 * application code can shorten), the end of g_application_run's start-up (D-Bus registration and gtk_init; Mayun's
 * step of that name also has adw_init), the window's realize and map, and the first frame's layout and paint. */
enum { MAIN, STARTUP, REALIZE, MAP, LAYOUT, PAINT, N_STAMPS };
static const char *stamp_names[N_STAMPS] = { "main", "gtk-adw-init", "window-realize", "window-map", "frame-layout",
                                             "frame-paint" };
static gint64 stamps[N_STAMPS];

static void
stamp (int which)
{
  if (stamps[which] == 0)
    stamps[which] = g_get_monotonic_time ();
}

static void on_layout (GdkFrameClock *clock, gpointer user_data) { stamp (LAYOUT); }
static void on_paint (GdkFrameClock *clock, gpointer user_data) { stamp (PAINT); }
static void on_map (GtkWidget *window, gpointer user_data) { stamp (MAP); }
static void on_startup (GApplication *app, gpointer user_data) { stamp (STARTUP); }

static void
after_paint (GdkFrameClock *clock, gpointer user_data)
{
  gint64 now = g_get_monotonic_time ();
  for (int i = 0; i < N_STAMPS; i++)
    if (stamps[i] != 0)
      printf ("step %s %" G_GINT64_FORMAT "\n", stamp_names[i], stamps[i]);
  printf ("step first-frame %" G_GINT64_FORMAT "\n", now);
  printf ("first-frame %" G_GINT64_FORMAT "\n", now);
  fflush (stdout);
  exit (0);
}

static void
on_realize (GtkWidget *window, gpointer user_data)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  stamp (REALIZE);
  g_signal_connect (clock, "layout", G_CALLBACK (on_layout), NULL);
  g_signal_connect (clock, "paint", G_CALLBACK (on_paint), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), NULL);
}

static void
activate (GtkApplication *app, gpointer user_data)
{
  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "Floor");
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  g_signal_connect_after (window, "realize", G_CALLBACK (on_realize), NULL);
  g_signal_connect (window, "map", G_CALLBACK (on_map), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  stamp (MAIN);
  GtkApplication *app = gtk_application_new ("io.gitee.Mayun.BenchFloor", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (app, "startup", G_CALLBACK (on_startup), NULL);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  g_object_unref (app);
  return status;
}
