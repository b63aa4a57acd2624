import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// One number of the dashboard: a caption, the value, and a line of context.
Rectangle {
    id: card
    property string caption
    property string value
    property string detail
    property string help
    property color accent: "#1a73e8"
    implicitWidth: 132
    implicitHeight: 62
    radius: 4
    color: "#ffffff"
    border.color: "#dadce0"
    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 6
        spacing: 0
        Label { text: card.caption; font.pixelSize: 11; color: "#5f6368"; elide: Text.ElideRight; Layout.fillWidth: true }
        Label {
            objectName: card.objectName + "Value"
            text: card.value
            font.pixelSize: 18
            font.bold: true
            color: card.accent
            elide: Text.ElideRight
            Layout.fillWidth: true
        }
        Label { text: card.detail; font.pixelSize: 10; color: "#5f6368"; elide: Text.ElideRight; Layout.fillWidth: true }
    }
    HoverHandler { id: hover }
    ToolTip.visible: hover.hovered && card.help.length > 0
    ToolTip.text: card.help
    ToolTip.delay: 400
}
