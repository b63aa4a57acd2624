import QtQuick
import QtQuick.Controls

// A toolbar button with an icon of icons/ beside its text, drawn in the text's colour (so it
// follows the theme and greys out when disabled). Its tooltip shows on hover.
ToolButton {
    property string iconName
    display: AbstractButton.TextBesideIcon
    icon.source: "icons/" + iconName + ".svg"
    icon.color: palette.buttonText
    icon.width: 18
    icon.height: 18
    ToolTip.visible: hovered && ToolTip.text.length > 0
    ToolTip.delay: 500
}
