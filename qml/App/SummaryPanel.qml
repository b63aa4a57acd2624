import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Name, cluster and counts of the open project, and how full each pod is.
Pane {
    id: panel
    required property ProjectDocument document
    padding: Theme.gapLarge
    background: Rectangle { color: Theme.panel; radius: 6; border.color: Theme.border }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.gap
        Label {
            objectName: "projectName"
            text: panel.document.projectName
            font.pixelSize: 22
            font.bold: true
        }
        Label {
            objectName: "clusterName"
            text: panel.document.clusterName + " · " + panel.document.chipName
            color: Theme.textSecondary
        }
        GridLayout {
            columns: 9
            columnSpacing: Theme.gapWide
            rowSpacing: Theme.gapTight
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
                    Label { text: modelData.label; color: Theme.textMuted; font.pixelSize: 11 }
                }
            }
        }
        Label { text: qsTr("Occupancy"); font.bold: true; topPadding: Theme.gap }
        ListView {
            objectName: "occupancyList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.minimumHeight: 40
            clip: true
            spacing: Theme.gapSmall
            model: panel.document.occupancy
            ScrollBar.vertical: ScrollBar {}
            delegate: Column {
                id: pod
                required property var modelData
                required property int index
                width: ListView.view.width - 12
                spacing: Theme.gapTight
                // used | spares | failed | free, to scale
                Row {
                    width: Math.min(pod.width, 480)
                    height: 10
                    Repeater {
                        model: [[pod.modelData.used, Theme.accent], [pod.modelData.spares, Theme.accentSoft],
                                [pod.modelData.failed, Theme.bad], [pod.modelData.free, Theme.neutral]]
                        Rectangle {
                            required property var modelData
                            width: parent.width * modelData[0] / Math.max(1, pod.modelData.total)
                            height: parent.height
                            color: modelData[1]
                        }
                    }
                }
                Label {
                    objectName: "occupancy" + pod.index
                    width: pod.width
                    wrapMode: Text.Wrap
                    font.pixelSize: 12
                    text: qsTr("Pod %1: %2 of %3 %4 held by jobs, %5 hot spares, %6 failed, %7 free; largest slice that still fits: %8")
                          .arg(pod.modelData.pod).arg(pod.modelData.used).arg(pod.modelData.total)
                          .arg(pod.modelData.unit).arg(pod.modelData.spares).arg(pod.modelData.failed)
                          .arg(pod.modelData.free).arg(pod.modelData.largestSlice)
                }
                Label {
                    visible: pod.modelData.powerRows.length > 0
                    width: pod.width
                    wrapMode: Text.Wrap
                    font.pixelSize: 11
                    color: Theme.textMuted
                    text: qsTr("Free cubes by power row: %1. A slice over several rows stops when any of them loses power; %2 free cubes share the fullest row.")
                          .arg(pod.modelData.powerRows.map(r => qsTr("row %1: %2").arg(r.row).arg(r.free)).join(", "))
                          .arg(pod.modelData.largestInOneRow)
                }
            }
        }
    }
}
