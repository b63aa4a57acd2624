import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// The selected job's collectives per step: kind, mesh axis, bytes, time and the exposed part
// (not hidden behind compute), exposed rows marked.
ColumnLayout {
    id: root
    required property CollectiveTableModel model
    spacing: Theme.gapTight
    Label { text: qsTr("Collectives per step"); font.bold: true; font.pixelSize: 12 }
    TextMetrics { id: kindText; font.pixelSize: 11; text: "reduce-scatter" }
    HorizontalHeaderView {
        syncView: table
        Layout.fillWidth: true
        clip: true
        // In the theme's colours (the style's own header stays light in the dark theme).
        delegate: Rectangle {
            required property string display
            implicitWidth: 40
            implicitHeight: 22
            color: Theme.rowAlternate
            border.color: Theme.border
            Label { anchors.centerIn: parent; text: parent.display; font.pixelSize: 12 }
        }
    }
    TableView {
        id: table
        objectName: "collectivesTable"
        Layout.fillWidth: true
        Layout.fillHeight: true
        clip: true
        model: root.model
        // Each column at least as wide as its longest text (kinds such as "reduce-scatter" and
        // "point-to-point"), wider when there is room; a narrow panel scrolls instead of cutting.
        // The room beyond the minimums is shared out in proportion to the usual widths, so the
        // columns fill the panel exactly when they fit.
        readonly property var minimumWidths: [kindText.width + 12, 38, 76, 70, 64]
        readonly property real minimumTotal: minimumWidths.reduce((a, b) => a + b, 0)
        columnWidthProvider: column => minimumWidths[column] + Math.max(0, table.width - minimumTotal)
                                       * [92, 44, 84, 76, 76][column] / 372
        ScrollBar.vertical: ScrollBar {}
        delegate: Rectangle {
            required property string display
            required property bool exposed
            required property int row
            implicitHeight: 20
            color: row % 2 ? Theme.card : Theme.rowAlternate
            Label {
                anchors.fill: parent
                anchors.leftMargin: Theme.gapSmall
                verticalAlignment: Text.AlignVCenter
                text: parent.display
                font.pixelSize: 11
                color: parent.exposed ? Theme.badText : Theme.text
                elide: Text.ElideRight
                HoverHandler { id: cellHover }
                ToolTip.visible: cellHover.hovered && truncated
                ToolTip.text: text
            }
        }
    }
    Label {
        visible: table.rows === 0
        text: qsTr("No collectives: the job's layout needs none, or it cannot run.")
        color: Theme.textMuted
        font.pixelSize: 11
    }
}
