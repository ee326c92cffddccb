// The widget helpers (WidgetTestSupport) and TestSupport, for every file of this target.
@_exported import WidgetTestSupport
