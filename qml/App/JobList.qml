import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The jobs of the project: colour, name, chips, slice shape, wraparound and twist.
ListView {
    id: list
    clip: true
    spacing: 4
    signal jobClicked(int index)
    header: Label {
        text: qsTr("Jobs")
        font.pixelSize: 16
        font.bold: true
        bottomPadding: 6
    }
    delegate: Rectangle {
        id: row
        required property int index
        required property string name
        required property var chips
        required property string shape
        required property string wraparound
        required property bool twisted
        required property int slices
        required property color jobColor
        required property real stepTime
        required property real mfu
        required property real tokensPerSecond
        required property real hbmUsedGib
        required property real hbmCapacityGib
        required property string perfError
        required property real goodput
        required property real interruptionsPerDay
        width: ListView.view.width
        height: 40
        radius: 4
        color: index % 2 ? "#ffffff" : "#f6f8fa"
        TapHandler { onTapped: list.jobClicked(row.index) }
        RowLayout {
            anchors.fill: parent
            anchors.leftMargin: 8
            spacing: 16
            Rectangle {
                objectName: "jobSwatch" + row.index
                width: 22
                height: 22
                radius: 3
                color: row.jobColor
            }
            Label { text: row.name; font.bold: true; Layout.preferredWidth: 170; elide: Text.ElideRight }
            Label { text: Number(row.chips).toLocaleString(Qt.locale(), "f", 0) + qsTr(" chips"); Layout.preferredWidth: 100 }
            Label {
                text: row.slices > 1 ? row.slices + " × " + row.shape : row.shape
                Layout.preferredWidth: 110
                ToolTip.visible: shapeHover.hovered
                ToolTip.text: qsTr("Slice shape (one slice per pod)")
                HoverHandler { id: shapeHover }
            }
            Label { text: qsTr("wraparound: ") + row.wraparound + (row.twisted ? qsTr(", twisted") : ""); Layout.preferredWidth: 170 }
            Label {
                objectName: "stepTime" + row.index
                visible: row.perfError.length === 0
                text: row.stepTime.toFixed(2) + qsTr(" s/step")
                Layout.preferredWidth: 100
                ToolTip.visible: stepHover.hovered
                ToolTip.text: qsTr("Predicted time of one training step (performance engine)")
                HoverHandler { id: stepHover }
            }
            Label {
                visible: row.perfError.length === 0
                text: (100 * row.mfu).toFixed(1) + qsTr("% MFU")
                Layout.preferredWidth: 90
                ToolTip.visible: mfuHover.hovered
                ToolTip.text: qsTr("Model FLOPs utilization: model FLOPs per second over the chips' peak")
                HoverHandler { id: mfuHover }
            }
            Label {
                objectName: "goodput" + row.index
                visible: row.perfError.length === 0
                text: (100 * row.goodput).toFixed(1) + qsTr("% goodput")
                Layout.preferredWidth: 120
                ToolTip.visible: goodputHover.hovered
                ToolTip.text: qsTr("Expected useful progress over wall time, with %1 interruptions a day").arg(row.interruptionsPerDay.toFixed(1))
                HoverHandler { id: goodputHover }
            }
            Label {
                visible: row.perfError.length === 0
                text: qsTr("HBM ") + row.hbmUsedGib.toFixed(1) + " / " + row.hbmCapacityGib.toFixed(0) + qsTr(" GiB")
                color: row.hbmUsedGib > row.hbmCapacityGib ? "#c5221f" : "#202124"
                Layout.preferredWidth: 130
            }
            Label {
                visible: row.perfError.length > 0
                text: row.perfError
                color: "#c5221f"
                elide: Text.ElideRight
                Layout.fillWidth: true
            }
            Item { Layout.fillWidth: row.perfError.length === 0 }
        }
    }
}
