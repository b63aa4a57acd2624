import QtQuick
import QtQuick.Controls
import PodPlanner.Views

// The left-hand tree: sites → pods → racks/cubes, and jobs → slices. Clicking a job selects
// it; clicking a rack or cube selects it for the inspector's fail/repair.
TreeView {
    id: tree
    required property ProjectDocument document
    signal rackPicked(int rack, string label)
    clip: true
    model: document.tree
    ScrollBar.vertical: ScrollBar {}
    delegate: TreeViewDelegate {
        id: item
        required property string kind
        required property var itemIndex
        required property string detail
        implicitWidth: Math.max(tree.width, 120)
        implicitHeight: 22
        font.pixelSize: 12
        highlighted: kind === "job" && itemIndex === tree.document.selectedJob
        onClicked: {
            if (kind === "job" || kind === "slice")
                tree.document.selectedJob = itemIndex
            else if (kind === "rack")
                tree.rackPicked(itemIndex, model.display + " · " + detail)
        }
        // The whole name and its detail: a narrow pane cuts the name off ("TPU Ironwood pod:
        // 144 c…"), the tooltip never does.
        ToolTip.visible: hovered && (detail.length > 0 || (contentItem && contentItem.truncated === true))
        ToolTip.text: detail.length > 0 ? model.display + "\n" + detail : model.display
        ToolTip.delay: 600
    }
    Component.onCompleted: expandRecursively(-1, 1)
    Connections {
        target: tree.document
        function onProjectChanged() { tree.expandRecursively(-1, 1) }
    }
}
