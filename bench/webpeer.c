/* What people use instead of Mayun, for bench/webpeer.py (issue 29): a GTK 4 window whose whole content is a
 * WebKitGTK 6.0 web view showing the same saved Featured rows as a static HTML page (the page is written by the
 * benchmark from Mayun's own offline store and given as argv[1]; no network). It is timed like Mayun's warm start:
 * when the page's first animation frame after its load has run (the rows laid out and painted by the web process),
 * the page posts a message; at the next frame the window paints after it (the web process's picture composited
 * into the window), it prints "first-rows <g_get_monotonic_time() in µs>", and keeps running so that the
 * benchmark can read the peak RSS of its whole process tree (the web and network processes) before it stops it.
 * Built by bench/webpeer.py: gcc -O2 webpeer.c $(pkg-config --cflags --libs webkitgtk-6.0) */
#include <webkit/webkit.h>
#include <stdio.h>
#include <stdlib.h>

static gchar *page_html;
static gboolean reported;

static void
after_paint (GdkFrameClock *clock, gpointer user_data)
{
  if (reported)
    return;
  reported = TRUE;
  printf ("first-rows %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
  fflush (stdout);
  g_signal_handlers_disconnect_by_func (clock, after_paint, user_data);
}

/* The page says its rows are painted: the next frame of the window shows them. */
static void
rows_painted (WebKitUserContentManager *manager, JSCValue *value, gpointer web_view)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (web_view));
  if (clock == NULL)
    return;
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (web_view));
}

static void
activate (GtkApplication *app, gpointer user_data)
{
  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "Featured");
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  WebKitUserContentManager *manager = webkit_user_content_manager_new ();
  webkit_user_content_manager_register_script_message_handler (manager, "rows", NULL);
  GtkWidget *web_view = g_object_new (WEBKIT_TYPE_WEB_VIEW, "user-content-manager", manager, NULL);
  g_signal_connect (manager, "script-message-received::rows", G_CALLBACK (rows_painted), web_view);
  gtk_window_set_child (GTK_WINDOW (window), web_view);
  webkit_web_view_load_html (WEBKIT_WEB_VIEW (web_view), page_html, "file:///");
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  if (argc < 2 || !g_file_get_contents (argv[1], &page_html, NULL, NULL))
    {
      fprintf (stderr, "usage: webpeer PAGE.html\n");
      return 2;
    }
  GtkApplication *app = gtk_application_new ("io.gitee.Mayun.BenchWebPeer", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  int status = g_application_run (G_APPLICATION (app), 1, argv);
  g_object_unref (app);
  return status;
}
