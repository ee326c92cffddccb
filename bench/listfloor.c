/* The scroll benchmark's floor: the smallest honest GtkListView with Mayun's project row content (a 40 px avatar
 * texture, name and owner/name, a one-line ellipsized description, language, counts and last push), 10,000 rows plus
 * a screen in a GtkStringList, scrolled by the same pacing logic as Mayun's ScrollBenchmarkProbe
 * (Sources/MayunBenchProbes/ScrollBenchmarkProbe.swift: keep the two in step) and printing the same `scroll ...` line.
 *
 * Reads MAYUN_BENCH_SCROLL="rows=N rate=R rss_at=N width=W height=H" like Mayun. Avatars: 512 identicons (64x64,
 * like FakeGitee's), made once each on first use into a texture cache, as Mayun's ImageLoader keeps decoded ones.
 * There is no network and no loading row: the list is all there from the start.
 * Built by bench/scroll.py: gcc -O2 listfloor.c $(pkg-config --cflags --libs gtk4) */
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define AVATARS 512
#define AVATAR_SIZE 64

static struct { int rows, rss_at, width, height; double rate; } spec = { 10000, 5000, 1100, 760, 24.9 };

static GtkWidget *list_view, *scroller;
static GdkTexture *avatars[AVATARS];
static GArray *intervals, *work, *bound_samples, *rows_per_screen, *allocated_samples;
static gint64 frame_start, last_paint, last_tick, scroll_start, pace_start;
static double pace_from, start_row, loading_seconds, rss_at_mib;
static long binds, unbinds, row_frames, avatar_frames;
static int children_max, scrolling;

static const char *words[] = { "gitee", "mayun", "cloud", "fast", "tiny", "open", "smart", "data", "kit", "api",
                               "web", "core", "vue", "spring", "admin", "mini", "rust", "go", "flow", "shop" };
static const char *languages[] = { "Java", "JavaScript", "Python", "Go", "C++", "Rust", "Vue", "TypeScript" };
static const char *sentences[] = {
  "A lightweight, fast and fully documented framework for building services with plugins and a web console",
  "一个开箱即用的中后台前端解决方案，基于最新的技术栈，提供丰富的组件和完善的文档",
  "Tools for migrating repositories, issues and wikis between hosting services with resumable transfers",
  "Distributed job scheduler with retries, sharding, a dashboard and alerting through mail and chat bots",
};

static void
spec_parse (const char *text)
{
  g_auto (GStrv) fields = g_strsplit (text ? text : "", " ", -1);
  for (int i = 0; fields[i]; i++)
    {
      char *eq = strchr (fields[i], '=');
      if (!eq)
        continue;
      double value = g_ascii_strtod (eq + 1, NULL);
      if (!isfinite (value))
        continue;
      int count = (int) CLAMP (value, 0, 1000000);
      *eq = '\0';
      if (!strcmp (fields[i], "rows")) spec.rows = count;
      else if (!strcmp (fields[i], "rate")) spec.rate = CLAMP (value, 0.1, 10000);
      else if (!strcmp (fields[i], "rss_at")) spec.rss_at = count;
      else if (!strcmp (fields[i], "width") && count > 0) spec.width = MIN (count, 10000);
      else if (!strcmp (fields[i], "height") && count > 0) spec.height = MIN (count, 10000);
    }
}

/* A symmetric 5x5 identicon in a colour taken from the seed, like FakeGitee's avatars. */
static GdkTexture *
avatar (guint index)
{
  index %= AVATARS;
  if (avatars[index])
    return avatars[index];
  GRand *rand = g_rand_new_with_seed (index * 2654435761u);
  guint8 colour[3] = { g_rand_int_range (rand, 40, 200), g_rand_int_range (rand, 40, 200),
                       g_rand_int_range (rand, 40, 200) };
  gboolean cells[5][5];
  for (int row = 0; row < 5; row++)
    for (int column = 0; column < 3; column++)
      cells[row][column] = cells[row][4 - column] = g_rand_boolean (rand);
  g_rand_free (rand);
  int cell = AVATAR_SIZE / 6, margin = (AVATAR_SIZE - cell * 5) / 2;
  guint8 *pixels = g_malloc (AVATAR_SIZE * AVATAR_SIZE * 4);
  for (int y = 0; y < AVATAR_SIZE; y++)
    for (int x = 0; x < AVATAR_SIZE; x++)
      {
        int column = (x - margin) / cell, row = (y - margin) / cell;
        gboolean on = x >= margin && y >= margin && column < 5 && row < 5 && cells[row][column];
        guint8 *p = pixels + (y * AVATAR_SIZE + x) * 4;
        p[0] = on ? colour[0] : 240, p[1] = on ? colour[1] : 240, p[2] = on ? colour[2] : 240, p[3] = 255;
      }
  GBytes *bytes = g_bytes_new_take (pixels, AVATAR_SIZE * AVATAR_SIZE * 4);
  avatars[index] = gdk_memory_texture_new (AVATAR_SIZE, AVATAR_SIZE, GDK_MEMORY_R8G8B8A8, bytes, AVATAR_SIZE * 4);
  g_bytes_unref (bytes);
  return avatars[index];
}

static GtkWidget *
label (const char *css_class, float xalign)
{
  GtkWidget *l = gtk_label_new ("");
  gtk_label_set_xalign (GTK_LABEL (l), xalign);
  gtk_label_set_ellipsize (GTK_LABEL (l), PANGO_ELLIPSIZE_END);
  if (css_class)
    gtk_widget_add_css_class (l, css_class);
  return l;
}

static void
setup (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (row, 12), gtk_widget_set_margin_end (row, 12);
  gtk_widget_set_margin_top (row, 10), gtk_widget_set_margin_bottom (row, 10);
  GtkWidget *image = gtk_image_new ();
  gtk_image_set_pixel_size (GTK_IMAGE (image), 40);
  gtk_widget_set_valign (image, GTK_ALIGN_START);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_hexpand (text, TRUE);
  GtkWidget *title = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *meta = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 16);
  GtkWidget *name = label ("heading", 0), *full = label ("dim-label", 0), *summary = label (NULL, 0);
  GtkWidget *language = label (NULL, 0), *counts = label ("dim-label", 0), *updated = label ("dim-label", 1);
  gtk_widget_set_hexpand (updated, TRUE);
  gtk_box_append (GTK_BOX (title), name), gtk_box_append (GTK_BOX (title), full);
  gtk_box_append (GTK_BOX (meta), language), gtk_box_append (GTK_BOX (meta), counts);
  gtk_box_append (GTK_BOX (meta), updated);
  gtk_box_append (GTK_BOX (text), title), gtk_box_append (GTK_BOX (text), summary);
  gtk_box_append (GTK_BOX (text), meta);
  gtk_box_append (GTK_BOX (row), image), gtk_box_append (GTK_BOX (row), text);
  GtkWidget *parts[] = { image, name, full, summary, language, counts, updated };
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    g_object_set_data (G_OBJECT (row), (const char *[]) { "image", "name", "full", "summary", "language", "counts",
                                                          "updated" }[i], parts[i]);
  gtk_list_item_set_child (item, row);
}

static void
set_text (GtkWidget *row, const char *part, const char *text)
{
  gtk_label_set_text (GTK_LABEL (g_object_get_data (G_OBJECT (row), part)), text);
}

static void
bind (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  binds++;
  GtkWidget *row = gtk_list_item_get_child (item);
  g_object_set_data (G_OBJECT (row), "bench-list-item", item);
  guint i = gtk_list_item_get_position (item);
  guint owner = (i * 7919u) % 500u;
  char name[64], full[128], counts[64], updated[32];
  snprintf (name, sizeof name, "%s-%s-%u", words[i % 20], words[(i / 20) % 20], i);
  snprintf (full, sizeof full, "%s%u/%s", words[owner % 20], owner, name);
  snprintf (counts, sizeof counts, "★ %u  ·  %u forks  ·  %u watching", (i * 37u) % 9000u, (i * 13u) % 900u,
            (i * 7u) % 300u);
  snprintf (updated, sizeof updated, "%u days ago", 1 + i % 300);
  set_text (row, "name", name);
  set_text (row, "full", full);
  set_text (row, "summary", sentences[i % G_N_ELEMENTS (sentences)]);
  set_text (row, "language", languages[i % G_N_ELEMENTS (languages)]);
  set_text (row, "counts", counts);
  set_text (row, "updated", updated);
  gtk_image_set_from_paintable (GTK_IMAGE (g_object_get_data (G_OBJECT (row), "image")),
                                GDK_PAINTABLE (avatar (owner)));
}

static void
unbind (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  unbinds++;
}

static double
resident_mib (void)
{
  long size = 0, resident = 0;
  FILE *f = fopen ("/proc/self/statm", "r");
  if (f)
    {
      if (fscanf (f, "%ld %ld", &size, &resident) != 2)
        resident = 0;
      fclose (f);
    }
  return resident * (double) sysconf (_SC_PAGESIZE) / 1048576.0;
}

static int
compare (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
percentile (GArray *values, double p)
{
  if (values->len == 0)
    return 0;
  qsort (values->data, values->len, sizeof (double), compare);
  guint index = MIN (values->len - 1, (guint) round ((values->len - 1) * p));
  return g_array_index (values, double, index);
}

static double
array_max (GArray *values)
{
  double m = 0;
  for (guint i = 0; i < values->len; i++)
    m = MAX (m, g_array_index (values, double, i));
  return m;
}

static void
report (double rows, gint64 now)
{
  double total = (now - scroll_start) / 1000.0;
  double bound_max = array_max (bound_samples);
  printf ("scroll rows=%.0f frames=%u total_ms=%.0f rate=%.2f rows_per_screen=%.2f "
          "interval_p50=%.2f interval_p95=%.2f interval_p99=%.2f work_p50=%.2f work_p95=%.2f "
          "work_p99=%.2f loading_ms=%.0f rss_at_mib=%.1f rss_end_mib=%.1f bound_median=%.0f bound_max=%.0f "
          "children_max=%d allocated_median=%.0f binds=%ld avatars_pct=%.1f\n",
          rows, intervals->len, total, rows / MAX (total / 1000, 0.001), percentile (rows_per_screen, 0.5),
          percentile (intervals, 0.5), percentile (intervals, 0.95), percentile (intervals, 0.99),
          percentile (work, 0.5), percentile (work, 0.95), percentile (work, 0.99), loading_seconds * 1000,
          rss_at_mib, resident_mib (), percentile (bound_samples, 0.5), bound_max, children_max,
          percentile (allocated_samples, 0.5), binds,
          row_frames > 0 ? 100.0 * avatar_frames / row_frames : 0);
  fflush (stdout);
  exit (0);
}

typedef struct { gboolean bound; double y, height; } RowPlace;

/* A row's share of the scroll: from its top to the next row's (rows have CSS margins between them). */
static double
pitch (GHashTable *places, guint position, double height)
{
  RowPlace *here = g_hash_table_lookup (places, GUINT_TO_POINTER (position + 1));
  RowPlace *next = g_hash_table_lookup (places, GUINT_TO_POINTER (position + 2));
  return MAX (1, here && next && next->y > here->y ? next->y - here->y : height);
}

/* One frame: where each bound row is, then a move toward the paced target (see the Swift probe). */
static gboolean
tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gint64 now = g_get_monotonic_time ();
  double seconds = (now - last_tick) / 1e6;
  last_tick = now;
  double view_height = gtk_widget_get_height (list_view), visible_height = 0;
  int items = g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list_view))));
  int children = 0, allocated = 0, visible_rows = 0, visible_avatars = 0, top = -1;
  double top_y = 0, top_height = 1;
  GHashTable *places = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  for (GtkWidget *child = gtk_widget_get_first_child (list_view); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *content = gtk_widget_get_first_child (child);
      GtkListItem *item = content ? g_object_get_data (G_OBJECT (content), "bench-list-item") : NULL;
      if (!item)
        continue;
      children++;
      guint position = gtk_list_item_get_position (item);
      double x, y;
      /* GTK allocates only the rows near the viewport; the others keep a stale position and are not child-visible */
      if (position == GTK_INVALID_LIST_POSITION || !gtk_widget_get_child_visible (child)
          || !gtk_widget_translate_coordinates (child, list_view, 0, 0, &x, &y) || (int) position >= items)
        continue;
      allocated++;
      double height = gtk_widget_get_height (child);
      RowPlace *place = g_new (RowPlace, 1);
      *place = (RowPlace) { TRUE, y, height };
      g_hash_table_insert (places, GUINT_TO_POINTER (position + 1), place);
      if (y + height > 0 && (top < 0 || (int) position < top))  /* the first row not yet scrolled away */
        top = position, top_y = y, top_height = height;
      if (height > 0 && y >= 0 && y + height <= view_height)
        {
          visible_rows++;
          visible_height += height;
          GtkImage *image = g_object_get_data (G_OBJECT (content), "image");
          if (gtk_image_get_storage_type (image) == GTK_IMAGE_PAINTABLE)
            visible_avatars++;
        }
    }
  if (top < 0)
    {
      g_hash_table_unref (places);
      return G_SOURCE_CONTINUE;
    }
  double current = top + MAX (0, -top_y) / pitch (places, top, top_height);
  if (!scrolling)
    {
      scrolling = 1;
      pace_start = scroll_start = now, pace_from = start_row = current;
    }
  double bound = binds - unbinds;
  g_array_append_val (bound_samples, bound);
  children_max = MAX (children_max, children);
  double allocated_now = allocated;
  g_array_append_val (allocated_samples, allocated_now);
  row_frames += visible_rows, avatar_frames += visible_avatars;
  if (visible_rows > 0)
    {
      double per_screen = view_height / (visible_height / visible_rows);
      g_array_append_val (rows_per_screen, per_screen);
    }
  (void) seconds; /* no loading row here: loading_seconds stays 0 */
  if (rss_at_mib == 0 && current - start_row >= spec.rss_at)
    rss_at_mib = resident_mib ();
  if (current - start_row >= spec.rows)
    report (current - start_row, now);

  double value = gtk_adjustment_get_value (adjustment);
  double limit = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
  double target = pace_from + spec.rate * (now - pace_start) / 1e6;
  if (value >= limit - 0.5 && target > current)
    pace_start = now, pace_from = target = current;
  double row = floor (target), fraction = target - row, delta;
  RowPlace *place = g_hash_table_lookup (places, GUINT_TO_POINTER ((guint) row + 1));
  if (place)
    delta = place->y + fraction * pitch (places, row, place->height);
  else
    delta = (target - current) * (visible_rows > 0 ? visible_height / visible_rows : top_height);
  gtk_adjustment_set_value (adjustment, CLAMP (value + delta, gtk_adjustment_get_lower (adjustment), limit));
  g_hash_table_unref (places);
  return G_SOURCE_CONTINUE;
}

static void
before_paint (GdkFrameClock *clock, gpointer data)
{
  frame_start = g_get_monotonic_time ();
}

static void
after_paint (GdkFrameClock *clock, gpointer data)
{
  gint64 now = g_get_monotonic_time ();
  if (scrolling && last_paint > 0)
    {
      double ms = (now - last_paint) / 1000.0;
      g_array_append_val (intervals, ms);
    }
  if (scrolling && frame_start > 0)
    {
      double ms = (now - frame_start) / 1000.0;
      g_array_append_val (work, ms);
    }
  last_paint = now;
  static gboolean started;
  if (!started && gtk_widget_get_mapped (list_view))
    {
      started = TRUE;
      last_tick = now;
      gtk_widget_add_tick_callback (list_view, tick, NULL, NULL);
    }
}

static void
on_realize (GtkWidget *window, gpointer data)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), NULL);
}

static void
activate (GtkApplication *app, gpointer data)
{
  GtkStringList *strings = gtk_string_list_new (NULL);
  for (int i = 0; i < spec.rows + 100; i++)  /* a screen past the last row scrolled */
    {
      char text[16];
      snprintf (text, sizeof text, "%d", i);
      gtk_string_list_append (strings, text);
    }
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind), NULL);
  list_view = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (strings))), factory);
  gtk_list_view_set_single_click_activate (GTK_LIST_VIEW (list_view), TRUE);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list_view);
  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "List floor");
  gtk_window_set_default_size (GTK_WINDOW (window), spec.width, spec.height);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  g_signal_connect_after (window, "realize", G_CALLBACK (on_realize), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  spec_parse (g_getenv ("MAYUN_BENCH_SCROLL"));
  intervals = g_array_new (FALSE, FALSE, sizeof (double));
  work = g_array_new (FALSE, FALSE, sizeof (double));
  bound_samples = g_array_new (FALSE, FALSE, sizeof (double));
  rows_per_screen = g_array_new (FALSE, FALSE, sizeof (double));
  allocated_samples = g_array_new (FALSE, FALSE, sizeof (double));
  GtkApplication *app = gtk_application_new ("io.gitee.Mayun.BenchListFloor", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  g_object_unref (app);
  return status;
}
