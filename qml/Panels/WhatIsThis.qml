import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// "What is this?" for a number of the dashboard: what it means, its equation in one line, and
// where the model behind it is written down (opened in the browser when the docs are here).
Popup {
    id: popup
    objectName: "whatIsThis"
    property string topic
    readonly property var entry: topics[topic] || { title: "", meaning: "", equation: "", doc: "", section: "" }
    readonly property url docUrl: entry.doc ? HelpDocs.docUrl(entry.doc) : ""
    width: 420
    padding: Theme.gapLarge
    modal: false
    focus: true // so that Escape reaches it
    closePolicy: Popup.CloseOnEscape | Popup.CloseOnPressOutside

    function show(name, near) {
        topic = name
        const at = near.mapToItem(parent, near.width / 2, near.height)
        x = Math.max(4, Math.min(parent.width - width - 4, at.x - width / 2))
        y = Math.max(4, at.y - implicitHeight - near.height - 4 > 0 ? at.y - implicitHeight - near.height - 4 : at.y + 4)
        open()
    }

    readonly property var topics: ({
        stepTime: { title: qsTr("Step time"), meaning: qsTr("Wall time of one optimizer step on the busiest pipeline stage. The ± beside it: half of the published runs of this kind of plan that the engine was never fitted on came out within it (docs/validation.md, \"Accuracy by kind of plan\")."),
                    equation: qsTr("step = compute + exposed communication + waiting on the host (eager GPU frameworks) + pipeline bubble + optimizer (+ periodic evaluation's share, when the job evaluates)"),
                    doc: "engine.md", section: qsTr("Step") },
        mfu: { title: qsTr("MFU and HFU"), meaning: qsTr("Model FLOPs utilization: how much of the chips' peak the model's own arithmetic uses. HFU also counts recomputed work."),
               equation: qsTr("MFU = model FLOPs per token × tokens/s ÷ (chips × peak FLOP/s)"),
               doc: "engine.md", section: qsTr("Output") },
        tokens: { title: qsTr("Tokens per second"), meaning: qsTr("Training throughput of the whole job."),
                  equation: qsTr("tokens/s = global batch tokens ÷ step time"), doc: "engine.md", section: qsTr("Step") },
        hbm: { title: qsTr("HBM per chip"), meaning: qsTr("Memory one chip needs on the stage that needs most, against what it can use."),
               equation: qsTr("weights + gradients + optimizer state + activations in flight + temporary buffers ≤ usable HBM"),
               doc: "engine.md", section: qsTr("Memory") },
        goodput: { title: qsTr("Goodput"), meaning: qsTr("The share of wall time that is useful training progress, after failures, checkpoints and maintenance."),
                   equation: qsTr("goodput = 1 − Σ badput (checkpoints, lost progress, restarts, degraded, SDC, maintenance, stragglers, preflight)"),
                   doc: "reliability.md", section: qsTr("Closed form") },
        timeToTrain: { title: qsTr("Time to train"), meaning: qsTr("Wall-clock days to train the job's tokens, interruptions included."),
                       equation: qsTr("days = total tokens ÷ tokens/s ÷ goodput ÷ 86 400; cost = chips × price per chip-hour × hours"),
                       doc: "engine.md", section: qsTr("Output") },
        badput: { title: qsTr("Badput"), meaning: qsTr("Where wall time goes that is not progress: checkpoint writes; progress lost since the last checkpoint (half an interval per interruption); restarts (detect, reschedule, restore); running on fewer replicas; silent data corruption caught and rolled back; planned maintenance; slow chips stalling the synchronous step; preflight scans."),
                  equation: qsTr("each kind = its rate × its cost in time; the checkpoint interval minimises their sum (Young/Daly)"),
                  doc: "reliability.md", section: qsTr("Closed form") }
    })

    ColumnLayout {
        width: popup.availableWidth
        spacing: Theme.gap
        Label { text: popup.entry.title; font.bold: true; font.pixelSize: 14 }
        Label { text: popup.entry.meaning; wrapMode: Text.Wrap; Layout.fillWidth: true }
        Label {
            objectName: "whatIsThisEquation"
            text: popup.entry.equation
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            font.family: "monospace"
            font.pixelSize: 11
            color: Theme.textSecondary
        }
        Label {
            objectName: "whatIsThisDoc"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: 11
            textFormat: Text.StyledText
            text: popup.docUrl.toString().length > 0
                  ? qsTr("The model: <a href=\"%1\">docs/%2</a>, “%3”.").arg(popup.docUrl).arg(popup.entry.doc).arg(popup.entry.section)
                  : qsTr("The model: docs/%1, “%2” (installed with PodPlanner).").arg(popup.entry.doc).arg(popup.entry.section)
            onLinkActivated: link => Qt.openUrlExternally(link)
            HoverHandler { cursorShape: parent.hoveredLink ? Qt.PointingHandCursor : Qt.ArrowCursor }
        }
    }
}
