import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// One number of the dashboard: a caption, the value, and up to two lines of context. Nothing is
// cut off silently: the tooltip repeats all of it with the help text; "?" says what it means.
Rectangle {
    id: card
    property string caption
    property string value
    property string detail
    property string help
    property color accent: Theme.accent
    // How this number differs from the pinned baseline ({change, same, better}; see
    // ProjectDocument.comparison), shown as one more line; undefined: no baseline.
    property var change
    // A WhatIsThis topic; when set, a "?" in the corner asks for it.
    property string topic
    signal whatIsThis(string topic, Item near)
    implicitWidth: 132
    implicitHeight: Math.max(62, column.implicitHeight + 12)
    radius: 4
    color: Theme.card
    border.color: Theme.border
    ColumnLayout {
        id: column
        anchors.fill: parent
        anchors.margins: Theme.gap
        spacing: 0
        Label { text: card.caption; font.pixelSize: 11; color: Theme.textMuted; elide: Text.ElideRight; Layout.fillWidth: true }
        Label {
            objectName: card.objectName + "Value"
            text: card.value
            font.pixelSize: 18
            font.bold: true
            color: card.accent
            elide: Text.ElideRight
            Layout.fillWidth: true
        }
        Label {
            objectName: card.objectName + "Change"
            visible: card.change !== undefined
            text: card.change === undefined ? "" : qsTr("vs baseline: %1").arg(card.change.short)
            font.pixelSize: 10
            font.bold: card.change !== undefined && !card.change.same
            color: card.change === undefined || card.change.same ? Theme.textMuted
                   : card.change.better ? Theme.good : Theme.bad
            elide: Text.ElideRight
            Layout.fillWidth: true
        }
        Label {
            objectName: card.objectName + "Detail"
            text: card.detail
            font.pixelSize: 10
            color: Theme.textMuted
            wrapMode: Text.Wrap
            maximumLineCount: 2
            elide: Text.ElideRight
            Layout.fillWidth: true
        }
    }
    Text {
        objectName: card.objectName + "WhatIsThis"
        visible: card.topic.length > 0
        anchors { right: parent.right; top: parent.top; margins: Theme.gapSmall }
        text: "?"
        font.pixelSize: 11
        font.bold: true
        color: Theme.textMuted
        TapHandler { onTapped: card.whatIsThis(card.topic, card) }
        HoverHandler { cursorShape: Qt.PointingHandCursor }
    }
    HoverHandler { id: hover }
    ToolTip.visible: hover.hovered && (card.help.length > 0 || card.detail.length > 0)
    ToolTip.text: [card.caption + ": " + card.value, card.detail,
                   card.change === undefined ? "" : qsTr("vs baseline: %1").arg(card.change.change), card.help]
                  .filter(line => line.length > 0).join("\n")
    ToolTip.delay: 400
}
