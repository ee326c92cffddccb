/// The activation handlers of a list's rows, by row index, held by the list's "row-activated" handler itself (a
/// `BoxedList` object may go while its widget stays on the page).
@MainActor
package final class RowHandlers {
    package var list: [@MainActor () -> Void] = []

    package func run(_ index: Int) { if list.indices.contains(index) { list[index]() } }
}
