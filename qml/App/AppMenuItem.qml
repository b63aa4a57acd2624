import QtQuick
import QtQuick.Controls
import PodPlanner.Views

// A menu entry that shows its action's keyboard shortcut at its right, as desktop menus do,
// and makes room for it in its implicit width (which AppMenu sizes the menu by).
MenuItem {
    id: item
    // The shortcut as the platform writes it ("Ctrl+S"); empty without one.
    readonly property string shortcutText: item.action ? KeyText.native(item.action.shortcut) : ""
    readonly property real arrowSpace: item.subMenu && item.arrow ? item.arrow.width + item.spacing : 0

    rightPadding: padding + (shortcutText.length > 0 ? shortcutLabel.implicitWidth + 32 : 0)

    Label {
        id: shortcutLabel
        objectName: "shortcutLabel"
        anchors.right: parent.right
        anchors.rightMargin: item.padding + item.arrowSpace
        anchors.verticalCenter: parent.verticalCenter
        visible: text.length > 0
        text: item.shortcutText
        color: item.palette.windowText
        opacity: item.enabled ? 0.65 : 0.4
    }
}
