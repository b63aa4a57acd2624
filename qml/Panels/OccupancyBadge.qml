import QtQuick
import QtQuick.Controls
import PodPlanner.Views

// Over the 3D view's lower-left corner: what is free in the pods and the largest slice that
// still fits, so a planner sees room while placing. The Cluster tab has each pod in full.
Rectangle {
    id: badge
    required property ProjectDocument document
    readonly property var pods: document.occupancy
    readonly property int free: pods.reduce((sum, p) => sum + p.free, 0)
    readonly property int total: pods.reduce((sum, p) => sum + p.total, 0)
    readonly property var roomiest: pods.reduce((best, p) => !best || p.largestSliceUnits > best.largestSliceUnits ? p : best, null)
    objectName: "occupancyBadge"
    visible: pods.length > 0
    width: text.implicitWidth + 14
    height: text.implicitHeight + 8
    radius: 4
    color: Theme.overlay
    border.color: Theme.border
    Text {
        id: text
        objectName: "occupancyText"
        anchors.centerIn: parent
        font.pixelSize: 12
        color: Theme.text
        text: badge.roomiest === null ? ""
              : qsTr("Free: %1 of %2 %3 · largest slice that fits: %4%5")
                    .arg(badge.free).arg(badge.total).arg(badge.roomiest.unit)
                    .arg(badge.roomiest.largestSlice)
                    .arg(badge.pods.length > 1 && badge.roomiest.largestSliceUnits > 0 ? qsTr(" (pod %1)").arg(badge.roomiest.pod) : "")
    }
    ToolTip.visible: hover.hovered
    ToolTip.delay: 400
    ToolTip.text: qsTr("Cubes or nodes no job holds, keeps as a hot spare, or has lost to a failure. Each pod, with its free cubes by power row: the Cluster tab.")
    HoverHandler { id: hover }
}
