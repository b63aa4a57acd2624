import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Job › Sweep: the selected job's goodput-adjusted throughput (tokens/s × goodput: useful
// tokens per second of wall time) against its hot spares, checkpoint interval or slice size,
// as a bar chart. Each point is timed with both engines on a worker thread, with progress and
// cancel; the best point is marked, and points that cannot run say why.
Dialog {
    id: dialog
    required property ProjectDocument document
    objectName: "sweepDialog"
    title: qsTr("Sweep %1").arg(document.jobSettings.name || "")
    modal: true
    standardButtons: Dialog.Close
    width: 640
    readonly property var sweep: task.result || ({})
    readonly property var points: sweep.points || []
    readonly property real largest: Math.max(1, ...points.map(p => p.adjusted))
    readonly property var numbers: points.filter(p => p.error.length === 0).map(p => p.adjusted)
    // Every value gives the same (within 0.1%): the knob does not matter for this job here.
    readonly property bool flat: !task.running && numbers.length > 1
                                 && Math.max(...numbers) - Math.min(...numbers) <= 1e-3 * Math.max(...numbers)
    readonly property var knobs: [["hotSpares", qsTr("Hot spares")],
                                  ["checkpointMinutes", qsTr("Checkpoint interval")],
                                  ["sliceSize", qsTr("Slice size")]]
    function run() { task.start(document, document.selectedJob, knobs[knob.currentIndex][0]) }
    onOpened: run()
    onClosed: task.cancel()

    SweepTask { id: task }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.gapMedium
        RowLayout {
            Label { text: qsTr("Sweep") }
            ComboBox {
                id: knob
                objectName: "sweepKnob"
                model: dialog.knobs.map(k => k[1])
                Layout.preferredWidth: 220
                onActivated: dialog.run()
            }
            Item { Layout.fillWidth: true }
            ProgressBar {
                objectName: "sweepProgress"
                visible: task.running
                value: task.progress
                Layout.preferredWidth: 140
            }
            Button {
                objectName: "sweepCancel"
                text: qsTr("Cancel")
                visible: task.running
                onClicked: task.cancel()
            }
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: 11
            color: Theme.textMuted
            text: qsTr("Goodput-adjusted throughput: the job's tokens per second times its goodput, the useful tokens per second of wall time. Higher is better; bold: the first value within 0.1% of the highest.")
        }
        Label {
            objectName: "sweepFlat"
            visible: dialog.flat
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: 11
            text: dialog.sweep.knob === "hotSpares"
                  ? qsTr("Every value gives the same here: the pod's free cubes already serve as spares for its jobs, so reserving more changes nothing until the pod fills up.")
                  : qsTr("Every value gives the same here: this knob does not limit the job.")
        }
        Repeater {
            model: dialog.points
            delegate: RowLayout {
                id: bar
                required property var modelData
                required property int index
                readonly property bool best: index === dialog.sweep.best
                objectName: "sweepPoint" + index
                Layout.fillWidth: true
                spacing: Theme.gap
                Label {
                    text: bar.modelData.label
                    font.bold: bar.best
                    Layout.preferredWidth: 130
                    elide: Text.ElideRight
                }
                Rectangle {
                    visible: bar.modelData.error.length === 0
                    Layout.preferredWidth: Math.max(2, 170 * bar.modelData.adjusted / dialog.largest)
                    Layout.preferredHeight: 14
                    color: bar.best ? Theme.accent : Theme.accentSoft
                }
                Label {
                    objectName: "sweepValue" + bar.index
                    Layout.fillWidth: true
                    elide: Text.ElideRight
                    font.bold: bar.best
                    color: bar.modelData.error.length > 0 ? Theme.bad : palette.text
                    text: bar.modelData.error.length > 0 ? bar.modelData.error
                          : qsTr("%1 k tokens/s · goodput %2% · %3 days")
                                .arg((bar.modelData.adjusted / 1000).toFixed(1))
                                .arg((100 * bar.modelData.goodput).toFixed(1))
                                .arg(bar.modelData.days.toFixed(1))
                    ToolTip.visible: truncated && valueHover.hovered
                    ToolTip.text: text
                    HoverHandler { id: valueHover }
                }
            }
        }
    }
}
