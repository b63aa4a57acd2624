import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Name, cluster and counts of the open project.
Pane {
    id: panel
    required property ProjectDocument document
    padding: 12
    background: Rectangle { color: "#f5f7fa"; radius: 6; border.color: "#d0d7de" }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6
        Label {
            objectName: "projectName"
            text: panel.document.projectName
            font.pixelSize: 22
            font.bold: true
        }
        Label {
            objectName: "clusterName"
            text: panel.document.clusterName + " · " + panel.document.chipName
            color: "#444"
        }
        GridLayout {
            columns: 9
            columnSpacing: 18
            rowSpacing: 2
            Repeater {
                model: [
                    { key: "sites", label: qsTr("Sites"), tip: qsTr("Sites joined by WAN") },
                    { key: "pods", label: qsTr("Pods"), tip: qsTr("Pods joined by the data-center network") },
                    { key: "chips", label: qsTr("Chips"), tip: qsTr("Accelerator chips") },
                    { key: "hosts", label: qsTr("Hosts"), tip: qsTr("Hosts (trays / nodes)") },
                    { key: "cubes", label: qsTr("Cubes"), tip: qsTr("4×4×4 cubes, one per rack") },
                    { key: "ocs", label: qsTr("OCS"), tip: qsTr("Optical circuit switches") },
                    { key: "racks", label: qsTr("Racks"), tip: qsTr("Racks on the floor, incl. OCS racks") },
                    { key: "powerRows", label: qsTr("Power rows"), tip: qsTr("Rows that share power") },
                    { key: "links", label: qsTr("Links"), tip: qsTr("All edges of the topology graph") }
                ]
                delegate: ColumnLayout {
                    required property var modelData
                    spacing: 0
                    ToolTip.visible: countHover.hovered
                    ToolTip.text: modelData.tip
                    HoverHandler { id: countHover }
                    Label {
                        text: (panel.document.counts[modelData.key] ?? 0).toLocaleString(Qt.locale(), "f", 0)
                        font.pixelSize: 18
                    }
                    Label { text: modelData.label; color: "#666"; font.pixelSize: 11 }
                }
            }
        }
    }
}
