import QtQuick
import QtQuick.Controls
import PodPlanner.Views

// The main window in the theme's colours (View > Theme): every control, menu and dialog in it
// inherits this palette. Its own colour is the 3D view's background, which the view, drawn
// under the window's items, shows.
ApplicationWindow {
    id: themed
    color: Theme.sceneBackground
    // In order: a colour set on the palette itself goes to every group, so the disabled
    // text colours must come after (bindings would be evaluated in no fixed order).
    function applyTheme() {
        const colors = Theme.palette
        for (const role in colors) {
            if (role !== "disabledText")
                themed.palette[role] = colors[role]
        }
        for (const role of ["text", "windowText", "buttonText"])
            themed.palette.disabled[role] = colors.disabledText
    }
    Component.onCompleted: applyTheme()
    Connections {
        target: Theme
        function onChanged() { themed.applyTheme() }
    }
}
