/* The start-up floor of issue 29: the smallest libadwaita application shaped like Mayun's first screen, linked with
 * libadwaita (and so GTK) and nothing else. An AdwApplication with one AdwApplicationWindow (1100x760): an
 * AdwHeaderBar whose title is an AdwViewSwitcher over an AdwViewStack of three titled pages with icons (Mayun's
 * Projects, Discover and Mine), the first page a label. Mayun must be a libadwaita app, so this, not a bare
 * GtkWindow, is what its first frame is measured against.
 *
 * At its first painted frame it prints its `step <name> <µs>` stamps and "first-frame <g_get_monotonic_time() in
 * µs>" on stdout and exits, like `MAYUN_BENCH_STARTUP_STEPS=1 mayun`; the stamps carry the names of Mayun's steps
 * of the same phase so that the step table sets them side by side: main()'s first moment, `gtk-adw-init` (the end
 * of g_application_run's start-up: D-Bus registration, gtk_init and adw_init), `window-built`, the window's realize
 * and map, and the first frame's layout and paint.
 * Built by bench/startup.py: gcc -O2 adwfloor.c $(pkg-config --cflags --libs libadwaita-1) */
#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>

enum { MAIN, STARTUP, BUILT, REALIZE, MAP, LAYOUT, PAINT, N_STAMPS };
static const char *stamp_names[N_STAMPS] = { "main", "gtk-adw-init", "window-built", "window-realize", "window-map",
                                             "frame-layout", "frame-paint" };
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
  static const char *titles[] = { "Projects", "Discover", "Mine" };
  static const char *icons[] = { "view-grid-symbolic", "system-search-symbolic", "avatar-default-symbolic" };
  GtkWidget *window = adw_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "Floor");
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);

  AdwViewStack *stack = ADW_VIEW_STACK (adw_view_stack_new ());
  for (int i = 0; i < 3; i++)
    {
      GtkWidget *child = i == 0 ? gtk_label_new ("Featured projects") : gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      AdwViewStackPage *page = adw_view_stack_add_titled (stack, child, titles[i], titles[i]);
      adw_view_stack_page_set_icon_name (page, icons[i]);
    }
  gtk_widget_set_vexpand (GTK_WIDGET (stack), TRUE);
  GtkWidget *switcher = adw_view_switcher_new ();
  adw_view_switcher_set_policy (ADW_VIEW_SWITCHER (switcher), ADW_VIEW_SWITCHER_POLICY_WIDE);
  adw_view_switcher_set_stack (ADW_VIEW_SWITCHER (switcher), stack);
  GtkWidget *header = adw_header_bar_new ();
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), switcher);

  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (content), header);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (stack));
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), content);
  stamp (BUILT);

  g_signal_connect_after (window, "realize", G_CALLBACK (on_realize), NULL);
  g_signal_connect (window, "map", G_CALLBACK (on_map), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  stamp (MAIN);
  AdwApplication *app = adw_application_new ("io.gitee.Mayun.BenchAdwFloor", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (app, "startup", G_CALLBACK (on_startup), NULL);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  g_object_unref (app);
  return status;
}
