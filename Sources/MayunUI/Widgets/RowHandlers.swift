/// The activation handlers of a list's rows, by row index, held by the list's "row-activated" handler itself (a
/// `BoxedList` object may go while its widget stays on the page).
@MainActor
final class RowHandlers {
    var list: [@MainActor () -> Void] = []

    func run(_ index: Int) { if list.indices.contains(index) { list[index]() } }
}
