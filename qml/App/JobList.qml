import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The jobs of the project: colour, name, chips, slice shape, wraparound and twist.
ListView {
    id: list
    clip: true
    spacing: 4
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
        width: ListView.view.width
        height: 40
        radius: 4
        color: index % 2 ? "#ffffff" : "#f6f8fa"
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
            Label { text: row.name; font.bold: true; Layout.preferredWidth: 220; elide: Text.ElideRight }
            Label { text: Number(row.chips).toLocaleString(Qt.locale(), "f", 0) + qsTr(" chips"); Layout.preferredWidth: 120 }
            Label {
                text: row.slices > 1 ? row.slices + " × " + row.shape : row.shape
                Layout.preferredWidth: 140
                ToolTip.visible: shapeHover.hovered
                ToolTip.text: qsTr("Slice shape (one slice per pod)")
                HoverHandler { id: shapeHover }
            }
            Label { text: qsTr("wraparound: ") + row.wraparound; Layout.preferredWidth: 160 }
            Label { text: row.twisted ? qsTr("twisted torus") : ""; Layout.fillWidth: true }
        }
    }
}
