import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// The jobs of the project as a table, one row a job. A click on a column's header sorts by it
// (again: reversed), and the order is remembered; a click on a row selects the job.
ListView {
    id: list
    required property JobListModel jobs
    property AppSettings settings: null
    property int selectedJob: -1
    signal jobClicked(int index)

    // key: the SortedJobsModel column ("" for one that does not sort).
    readonly property var columns: [
        { key: "name", title: qsTr("Job"), width: 190, tip: qsTr("The job's name (Job > Rename, F2)") },
        { key: "chips", title: qsTr("Chips"), width: 80, tip: qsTr("Chips the job runs on") },
        { key: "shape", title: qsTr("Shape"), width: 110, tip: qsTr("Slice shape, and the number of slices when there are several (one slice per pod)") },
        { key: "", title: qsTr("Wraparound"), width: 120, tip: qsTr("Torus axes that close into rings (whole-cube sides only), and whether the torus is twisted") },
        { key: "stepTime", title: qsTr("Step time"), width: 90, tip: qsTr("Predicted time of one training step (performance engine)") },
        { key: "mfu", title: qsTr("MFU"), width: 70, tip: qsTr("Model FLOPs utilization: model FLOPs per second over the chips' peak") },
        { key: "goodput", title: qsTr("Goodput"), width: 80, tip: qsTr("Expected useful progress over wall time, with the failures of the what-if") },
        { key: "timeToTrain", title: qsTr("Time to train"), width: 110, tip: qsTr("Wall-clock days to train the job's tokens, interruptions included") },
        { key: "cost", title: qsTr("Cost"), width: 90, tip: qsTr("Chips × price per chip-hour × time to train; empty when the chip has no price") },
        { key: "hbm", title: qsTr("HBM per chip"), width: 130, tip: qsTr("Memory one chip needs, of what it has") }
    ]
    readonly property int swatchWidth: 30
    readonly property int tableWidth: swatchWidth + columns.reduce((sum, c) => sum + c.width, 0) + 8

    clip: true
    spacing: Theme.gapTight
    contentWidth: tableWidth
    flickableDirection: Flickable.AutoFlickIfNeeded
    boundsBehavior: Flickable.StopAtBounds
    headerPositioning: ListView.OverlayHeader
    ScrollBar.horizontal: ScrollBar {}
    ScrollBar.vertical: ScrollBar {}

    model: SortedJobsModel {
        id: sorted
        objectName: "sortedJobs"
        sourceModel: list.jobs
        onSortChanged: if (list.settings) list.settings.jobSort = column + (descending ? " desc" : "")
    }
    Component.onCompleted: {
        if (settings) {
            const parts = settings.jobSort.split(" ")
            sorted.setSort(parts[0], parts[1] === "desc")
        }
    }

    // One cell of a row: cut text shows whole in a tooltip.
    component Cell: Label {
        height: parent ? parent.height : 0
        verticalAlignment: Text.AlignVCenter
        elide: Text.ElideRight
        ToolTip.visible: truncated && cellHover.hovered
        ToolTip.text: text
        HoverHandler { id: cellHover }
    }

    function money(usd) {
        if (usd >= 1e6) return "$" + (usd / 1e6).toFixed(2) + "M"
        if (usd >= 1e3) return "$" + (usd / 1e3).toFixed(1) + "K"
        return "$" + usd.toFixed(0)
    }
    function days(d) {
        return (d >= 100 ? d.toFixed(0) : d.toFixed(1)) + qsTr(" days")
    }

    header: Rectangle {
        z: 2
        width: list.tableWidth
        height: 30
        color: palette.window
        Row {
            x: list.swatchWidth
            height: parent.height
            Repeater {
                model: list.columns
                Label {
                    id: head
                    required property var modelData
                    objectName: "jobsHeader_" + (modelData.key || "wraparound")
                    readonly property bool sortedHere: modelData.key !== "" && sorted.column === modelData.key
                    width: modelData.width
                    height: parent.height
                    verticalAlignment: Text.AlignVCenter
                    font.bold: true
                    elide: Text.ElideRight
                    text: modelData.title + (sortedHere ? (sorted.descending ? " ▼" : " ▲") : "")
                    ToolTip.visible: headHover.hovered
                    ToolTip.delay: 500
                    ToolTip.text: modelData.tip + (modelData.key !== "" ? qsTr(". Click to sort; again to reverse.") : "")
                    HoverHandler {
                        id: headHover
                        cursorShape: head.modelData.key !== "" ? Qt.PointingHandCursor : Qt.ArrowCursor
                    }
                    TapHandler {
                        enabled: head.modelData.key !== ""
                        onTapped: sorted.sortByColumn(head.modelData.key)
                    }
                }
            }
        }
        Rectangle { anchors.bottom: parent.bottom; width: parent.width; height: 1; color: palette.mid }
    }

    delegate: Rectangle {
        id: row
        required property int index
        required property int jobIndex
        required property string name
        required property var chips
        required property string shape
        required property string wraparound
        required property bool twisted
        required property int slices
        required property color jobColor
        required property real stepTime
        required property real mfu
        required property real hbmUsedGib
        required property real hbmCapacityGib
        required property string perfError
        required property real goodput
        required property real interruptionsPerDay
        required property real timeToTrainDays
        required property real costUsd
        required property string state
        readonly property bool hasNumbers: perfError.length === 0
        objectName: "jobRow" + jobIndex
        width: list.tableWidth
        height: 34
        radius: 4
        color: jobIndex === list.selectedJob ? palette.highlight
                                             : (index % 2 ? palette.base : palette.alternateBase)
        readonly property color textColor: jobIndex === list.selectedJob ? palette.highlightedText : palette.text
        TapHandler { onTapped: list.jobClicked(row.jobIndex) }

        function widthOf(column) { return list.columns[column].width }
        Row {
            height: parent.height
            Item {
                width: list.swatchWidth
                height: parent.height
                Rectangle {
                    objectName: "jobSwatch" + row.jobIndex
                    anchors.centerIn: parent
                    width: 18
                    height: 18
                    radius: 3
                    color: row.jobColor
                }
            }
            Cell { width: row.widthOf(0); color: row.textColor; text: row.name; font.bold: true }
            Cell { width: row.widthOf(1); color: row.textColor; text: Number(row.chips).toLocaleString(Qt.locale(), "f", 0) }
            Cell { width: row.widthOf(2); color: row.textColor; text: row.slices > 1 ? row.slices + " × " + row.shape : row.shape }
            Cell { width: row.widthOf(3); color: row.textColor; text: row.wraparound + (row.twisted ? qsTr(", twisted") : "") }
            Cell {
                width: row.widthOf(4)
                color: row.textColor
                objectName: "stepTime" + row.jobIndex
                visible: row.hasNumbers
                text: row.stepTime.toFixed(2) + " s"
            }
            Cell { width: row.widthOf(5); color: row.textColor; visible: row.hasNumbers; text: (100 * row.mfu).toFixed(1) + "%" }
            Cell {
                width: row.widthOf(6)
                color: row.textColor
                objectName: "goodput" + row.jobIndex
                visible: row.hasNumbers
                text: (100 * row.goodput).toFixed(1) + "%"
                ToolTip.visible: goodputHover.hovered
                ToolTip.text: qsTr("%1; %2 interruptions a day").arg(row.state).arg(row.interruptionsPerDay.toFixed(2))
                HoverHandler { id: goodputHover }
            }
            Cell {
                width: row.widthOf(7)
                color: row.textColor
                objectName: "timeToTrain" + row.jobIndex
                visible: row.hasNumbers
                text: row.timeToTrainDays < 0 ? qsTr("stalled") : list.days(row.timeToTrainDays)
            }
            Cell {
                width: row.widthOf(8)
                color: row.textColor
                objectName: "cost" + row.jobIndex
                visible: row.hasNumbers
                text: row.costUsd < 0 ? "—" : list.money(row.costUsd)
                ToolTip.visible: costHover.hovered && row.costUsd < 0
                ToolTip.text: row.timeToTrainDays < 0 ? qsTr("The job does not finish while it is stalled")
                                                      : qsTr("The cluster's chip has no price per chip-hour")
                HoverHandler { id: costHover }
            }
            Cell {
                width: row.widthOf(9)
                visible: row.hasNumbers
                text: row.hbmUsedGib.toFixed(1) + " / " + row.hbmCapacityGib.toFixed(0) + qsTr(" GiB")
                color: row.hbmUsedGib > row.hbmCapacityGib ? Theme.bad : row.textColor
            }
            Label {
                visible: !row.hasNumbers
                width: list.tableWidth - x
                height: row.height
                verticalAlignment: Text.AlignVCenter
                text: row.perfError
                color: Theme.bad
                elide: Text.ElideRight
                ToolTip.visible: truncated && errorHover.hovered
                ToolTip.text: text
                HoverHandler { id: errorHover }
            }
        }
    }
}
