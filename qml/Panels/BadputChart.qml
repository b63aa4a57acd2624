import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Where the time that is not useful progress goes (closed form, healthy cluster): one bar per
// kind of badput, in percent of wall time, scaled to the largest. Drawn with plain items so the
// labels stay readable at any width.
ColumnLayout {
    id: chart
    property var dashboard: ({})
    readonly property var parts: dashboard && dashboard.valid ? dashboard.badput : []
    readonly property real largest: Math.max(0.001, ...parts.map(p => p.value))
    spacing: Theme.gapTight
    signal whatIsThis(Item near)

    Label {
        id: title
        Layout.fillWidth: true
        horizontalAlignment: Text.AlignHCenter
        font.pixelSize: 12
        text: chart.dashboard && chart.dashboard.valid
              ? qsTr("Badput %1% of wall time").arg(((1 - chart.dashboard.goodputHealthy) * 100).toFixed(1))
              : qsTr("Badput")
        Text {
            objectName: "badputWhatIsThis"
            anchors { left: parent.horizontalCenter; leftMargin: title.contentWidth / 2 + 6; verticalCenter: parent.verticalCenter }
            text: "?"
            font.pixelSize: 11
            font.bold: true
            color: Theme.textMuted
            TapHandler { onTapped: chart.whatIsThis(title) }
            HoverHandler { cursorShape: Qt.PointingHandCursor }
        }
    }
    Repeater {
        model: chart.parts
        delegate: RowLayout {
            required property var modelData
            Layout.fillWidth: true
            spacing: Theme.gapSmall
            Label {
                text: chart.width > 330 ? modelData.label : modelData.short
                font.pixelSize: 10
                color: Theme.textSecondary
                horizontalAlignment: Text.AlignRight
                Layout.preferredWidth: chart.width > 330 ? 130 : 64
                elide: Text.ElideRight
            }
            Item {
                Layout.fillWidth: true
                implicitHeight: 13
                Rectangle {
                    objectName: "badputBar"
                    height: parent.height
                    width: Math.max(1, parent.width * 0.82 * modelData.value / chart.largest)
                    color: Theme.warn
                    radius: 2
                }
                Label {
                    x: Math.max(1, parent.width * 0.82 * modelData.value / chart.largest) + 4
                    anchors.verticalCenter: parent.verticalCenter
                    text: (modelData.value * 100).toFixed(2) + "%"
                    font.pixelSize: 10
                    color: Theme.textMuted
                }
            }
            HoverHandler { id: hover }
            // What the kind is and why it has this size (views/badput_text.cpp), wrapped.
            ToolTip {
                objectName: "badputTip"
                visible: hover.hovered
                delay: 300
                timeout: 20000
                width: Math.min(implicitWidth, 380)
                text: modelData.label + ": " + (modelData.value * 100).toFixed(2) + "% of wall time\n" + modelData.why
            }
        }
    }
    Item { Layout.fillHeight: true }
}
