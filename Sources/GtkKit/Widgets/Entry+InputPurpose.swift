internal import CGtk
internal import GtkBasics

/// What a text field is for, so an on-screen keyboard offers the right keys (GtkInputPurpose).
package enum InputPurpose {
    case freeForm, email, url, number, phone

    var gtk: GtkInputPurpose {
        switch self {
        case .freeForm: GTK_INPUT_PURPOSE_FREE_FORM
        case .email: GTK_INPUT_PURPOSE_EMAIL
        case .url: GTK_INPUT_PURPOSE_URL
        case .number: GTK_INPUT_PURPOSE_NUMBER
        case .phone: GTK_INPUT_PURPOSE_PHONE
        }
    }
}

extension Entry {
    /// What an on-screen keyboard offers (an email address's @); plain entries only.
    package func setInputPurpose(_ purpose: InputPurpose) { setInputPurpose(purpose.gtk) }
}
