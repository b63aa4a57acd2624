import QtQuick
import QtQuick.Controls
import PodPlanner.Views

// The legend of the 3D view's colour mode: a compact overlay whose title folds it away. In job
// colours a click on a job shows that job and fades the rest; a second click, or a click on
// another job, changes that.
Rectangle {
    id: panel
    required property SceneController controller
    property bool dark: false
    property bool collapsed: false
    readonly property color textColor: dark ? "#e8eaed" : "#202124"
    width: legend.implicitWidth + 12
    height: legend.implicitHeight + 10
    color: dark ? "#e62d2f32" : "#e6ffffff"
    radius: 4
    Column {
        id: legend
        x: Theme.gap
        y: Theme.gap
        spacing: Theme.gapSmall
        Text {
            objectName: "legendTitle"
            text: (panel.collapsed ? "▸ " : "▾ ") + qsTr("Legend")
            font.pixelSize: 12
            font.bold: true
            color: panel.textColor
            TapHandler { onTapped: panel.collapsed = !panel.collapsed }
            HoverHandler { cursorShape: Qt.PointingHandCursor }
            ToolTip.visible: titleHover.hovered
            ToolTip.delay: 500
            ToolTip.text: panel.collapsed ? qsTr("Show the legend") : qsTr("Fold the legend away")
            HoverHandler { id: titleHover }
        }
        Repeater {
            model: panel.collapsed ? [] : panel.controller.legend
            delegate: Row {
                id: entry
                required property var modelData
                required property int index
                readonly property int job: modelData.job !== undefined ? modelData.job : -1
                readonly property bool highlighted: job >= 0 && panel.controller.highlightedJob === job
                objectName: "legendEntry" + index
                spacing: Theme.gap
                opacity: panel.controller.highlightedJob >= 0 && job >= 0 && !highlighted ? 0.55 : 1
                Rectangle {
                    width: 12
                    height: 12
                    radius: 2
                    color: entry.modelData.color
                    border.width: 1
                    border.color: panel.dark ? "#66ffffff" : "#33000000"
                    anchors.verticalCenter: parent.verticalCenter
                }
                Text {
                    text: entry.modelData.label
                    font.pixelSize: 12
                    font.bold: entry.highlighted
                    color: panel.textColor
                }
                TapHandler {
                    enabled: entry.job >= 0
                    onTapped: panel.controller.highlightedJob = entry.highlighted ? -1 : entry.job
                }
                HoverHandler {
                    id: entryHover
                    enabled: entry.job >= 0
                    cursorShape: Qt.PointingHandCursor
                }
                ToolTip.visible: entryHover.hovered
                ToolTip.delay: 500
                ToolTip.text: entry.highlighted ? qsTr("Show every job again")
                                                : qsTr("Show %1 and fade the rest").arg(entry.modelData.label)
            }
        }
    }
}
