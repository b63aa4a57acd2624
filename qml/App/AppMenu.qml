import QtQuick
import QtQuick.Controls

// A menu as wide as its widest visible entry (text, check mark, submenu arrow and shortcut), so
// that no entry is cut off: Qt's Basic style gives every menu a fixed 200 px.
Menu {
    id: menu
    delegate: AppMenuItem {}
    width: {
        let widest = 0
        for (let i = 0; i < count; ++i) {
            const entry = itemAt(i)
            if (entry && entry.visible)
                widest = Math.max(widest, entry.implicitWidth)
        }
        return Math.max(200, Math.ceil(widest + leftPadding + rightPadding))
    }
}
