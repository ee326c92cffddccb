internal import GtkBasics

extension WidgetObject {
    /// Runs `body` with the widget while this object is certainly alive. An optimized build releases an object
    /// right after its last use: a container method that read `child.widget` and then called GTK could hand GTK a
    /// widget already finalized when the child was a temporary (`row.addPrefix(Icon(name))` in a release build) or
    /// a local not used again. Every method that gives a child's widget to GTK goes through this.
    func withWidget<Result>(_ body: (Widget) -> Result) -> Result {
        withExtendedLifetime(self) { body(widget) }
    }
}
