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
    // An edit that changes what the tree shows rebuilds it; the rows the user had open open
    // again (by their labels), and a tree with none of them (another project) opens one level.
    property var expandedPaths: []
    function indexOfRow(row) {
        const index = modelIndex(row, 0)
        return index.valid ? index : modelIndex(0, row) // Qt 6.4 releases differ in the order
    }
    // One level per pass: the view adds an expanded row's children only when it next lays
    // itself out, so the next pass runs when its row count has changed.
    property bool restoring: false
    function restorePass() {
        let restored = 0
        for (let row = 0; row < rows; ++row) {
            if (!isExpanded(row) && expandedPaths.indexOf(document.tree.pathOf(indexOfRow(row))) >= 0) {
                expand(row)
                ++restored
            }
        }
        restoring = restored > 0
        return restored
    }
    onRowsChanged: if (restoring) Qt.callLater(restorePass)
    Component.onCompleted: expandRecursively(-1, 1)
    Connections {
        target: tree.document.tree
        function onModelAboutToBeReset() {
            // A rebuild while the last one is still being opened again keeps what it was opening.
            const paths = tree.restoring ? tree.expandedPaths.slice() : []
            for (let row = 0; row < tree.rows; ++row)
                if (tree.isExpanded(row)) {
                    const path = tree.document.tree.pathOf(tree.indexOfRow(row))
                    if (paths.indexOf(path) < 0)
                        paths.push(path)
                }
            tree.expandedPaths = paths
        }
        function onModelReset() {
            tree.restoring = true
            Qt.callLater(() => { if (tree.restorePass() === 0) tree.expandRecursively(-1, 1) })
        }
    }
}
