import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import PodPlanner.Views

// Capacity planning for the selected job (docs/sizing.md): a deadline and/or a budget, the
// candidate clusters (this project's and the built-in ones, with a price where none is known),
// sized on a worker thread with progress and cancel. The first pass shows within a fraction of
// a second and is then refined. The Pareto front lists each point with what limits it; Apply
// writes one into the project as a single undo step (another cluster opens as a new project).
Dialog {
    id: dialog
    required property ProjectDocument document
    objectName: "sizeDialog"
    property alias task: size
    title: qsTr("Size: %1").arg(document.jobSettings.name || "")
    modal: true
    standardButtons: Dialog.Close
    width: Math.min(parent ? parent.width - 40 : 1200, 1280)
    height: Math.min(parent ? parent.height - 40 : 780, 820)

    SizeTask { id: size }
    property var choices: []
    property var chosen: ({ "project": true })
    property var prices: ({})
    readonly property var shown: size.result && size.result.front && !size.running ? size.result
                                 : size.partial && size.partial.front ? size.partial : null
    readonly property string costUnit: shown && !shown.costInUsd ? qsTr("chip-h") : "$"

    function startSizing() {
        const ids = choices.map(c => c.id).filter(id => chosen[id])
        size.start(document, document.selectedJob, ids, Number(deadline.text) || 0,
                   Number(budget.text) || 0, Number(chipHours.text) || 0, prices)
    }
    function money(v) {
        if (v === undefined || v < 0)
            return "—"
        const unit = shown && shown.costInUsd ? "$" : ""
        const suffix = shown && shown.costInUsd ? "" : qsTr(" chip-h")
        return v >= 1e6 ? unit + (v / 1e6).toFixed(2) + "M" + suffix : unit + v.toFixed(0) + suffix
    }
    onOpened: {
        choices = size.candidateChoices(document)
        startSizing()
    }
    onClosed: size.cancel()

    FileDialog {
        id: reportDialog
        objectName: "sizeReportDialog"
        title: qsTr("Export the sizing report")
        fileMode: FileDialog.SaveFile
        defaultSuffix: "html"
        nameFilters: [qsTr("HTML (*.html)"), qsTr("Markdown with SVG charts (*.md)")]
        onAccepted: exportStatus.text = size.exportReport(selectedFile.toString())
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.gap
        RowLayout {
            Layout.fillWidth: true
            spacing: Theme.gapMedium
            Label { text: qsTr("Deadline (days)") }
            TextField { id: deadline; objectName: "deadlineField"; implicitWidth: 70; placeholderText: qsTr("none"); validator: DoubleValidator { bottom: 0 } }
            Label { text: qsTr("Budget ($)") }
            TextField { id: budget; objectName: "budgetField"; implicitWidth: 100; placeholderText: qsTr("none"); validator: DoubleValidator { bottom: 0 } }
            Label { text: qsTr("or chip-hours") }
            TextField { id: chipHours; implicitWidth: 100; placeholderText: qsTr("none"); validator: DoubleValidator { bottom: 0 } }
            Button {
                objectName: "sizeButton"
                text: size.running ? qsTr("Cancel") : qsTr("Size")
                onClicked: size.running ? size.cancel() : dialog.startSizing()
            }
            ProgressBar {
                objectName: "sizeProgress"
                Layout.preferredWidth: 140
                visible: size.running
                from: 0; to: 1
                value: size.progress
                indeterminate: size.progress < 0
            }
            Label {
                objectName: "sizeStatus"
                Layout.fillWidth: true
                elide: Text.ElideRight
                font.pixelSize: 11
                color: Theme.textMuted
                text: size.cancelled ? qsTr("Cancelled.")
                      : !dialog.shown ? (size.running ? qsTr("Sizing…") : "")
                      : qsTr("%1 placements planned, %2 layout configurations considered, %3 s%4")
                            .arg(dialog.shown.placements)
                            .arg(Number(dialog.shown.considered).toLocaleString(Qt.locale(), "f", 0))
                            .arg(dialog.shown.elapsedS.toFixed(2))
                            .arg(dialog.shown.refined ? "" : qsTr(" — first pass, refining…"))
            }
            Button { text: qsTr("Export report…"); enabled: dialog.shown !== null; onClicked: reportDialog.open() }
        }
        // Candidate clusters; a price where the chip has no public one.
        Flow {
            Layout.fillWidth: true
            spacing: Theme.gapLarge
            Repeater {
                model: dialog.choices
                delegate: RowLayout {
                    required property var modelData
                    spacing: Theme.gapTight
                    CheckBox {
                        objectName: "candidate_" + modelData.id
                        text: modelData.id === "project" ? modelData.name : modelData.id
                        checked: dialog.chosen[modelData.id] === true
                        onToggled: { dialog.chosen[modelData.id] = checked; dialog.chosenChanged() }
                        ToolTip.visible: hovered
                        ToolTip.text: qsTr("%1: %2 chips of %3; price %4 (%5); power %6 (%7)")
                            .arg(modelData.name).arg(modelData.chips).arg(modelData.chip)
                            .arg(modelData.price > 0 ? "$" + modelData.price + "/chip-h" : qsTr("unknown"))
                            .arg(modelData.priceSource)
                            .arg(modelData.power > 0 ? modelData.power + " W" : qsTr("unknown"))
                            .arg(modelData.powerSource)
                    }
                    TextField {
                        visible: modelData.price <= 0 && dialog.chosen[modelData.id] === true
                        implicitWidth: 64
                        font.pixelSize: 11
                        placeholderText: qsTr("$/chip-h")
                        validator: DoubleValidator { bottom: 0 }
                        onEditingFinished: dialog.prices[modelData.id] = Number(text)
                    }
                }
            }
        }
        Label {
            objectName: "recommendation"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.bold: true
            text: dialog.shown ? dialog.shown.recommendation : ""
        }
        Repeater {
            model: dialog.shown ? dialog.shown.notes : []
            delegate: Label { required property string modelData; text: qsTr("Note: ") + modelData; font.pixelSize: 11; color: Theme.warn; Layout.fillWidth: true; wrapMode: Text.Wrap }
        }
        SplitView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            orientation: Qt.Horizontal
            ColumnLayout {
                SplitView.preferredWidth: dialog.width * 0.56
                spacing: Theme.gapTight
                Label { text: qsTr("Pareto front: time to train against cost, and what limits each point"); font.bold: true }
                ListView {
                    id: front
                    objectName: "frontList"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    model: dialog.shown ? dialog.shown.front : []
                    ScrollBar.vertical: ScrollBar {}
                    delegate: Frame {
                        required property var modelData
                        required property int index
                        width: front.width - 12
                        padding: Theme.gapSmall
                        background: Rectangle { color: modelData.feasible ? Theme.card : Theme.badBackground; border.color: Theme.border }
                        RowLayout {
                            anchors.fill: parent
                            spacing: Theme.gapMedium
                            ColumnLayout {
                                Layout.fillWidth: true
                                spacing: Theme.gapTight
                                Label {
                                    font.bold: true
                                    text: qsTr("%1 days · %2 · %3 chips · %4 spares · goodput %5%")
                                        .arg(modelData.days.toFixed(1)).arg(dialog.money(modelData.cost))
                                        .arg(modelData.chips).arg(modelData.spares)
                                        .arg((modelData.goodput * 100).toFixed(1))
                                }
                                Label { text: modelData.candidate + ": " + modelData.placement + (modelData.feasible ? "" : qsTr(" (misses the limits)")); font.pixelSize: 11 }
                                Label { text: modelData.limitText; font.pixelSize: 11; color: Theme.textMuted; wrapMode: Text.Wrap; Layout.fillWidth: true }
                                Label { text: modelData.layout + "; " + modelData.checkpoint; font.pixelSize: 10; color: Theme.textMuted; elide: Text.ElideRight; Layout.fillWidth: true }
                            }
                            Button {
                                objectName: "applyPoint" + index
                                text: modelData.onProjectCluster ? qsTr("Apply") : qsTr("Open")
                                ToolTip.visible: hovered
                                ToolTip.text: modelData.onProjectCluster
                                    ? qsTr("Write this placement, layout, spares and checkpoint policy into the job (one undo step)")
                                    : qsTr("Open it as a new project on %1").arg(modelData.candidate)
                                onClicked: {
                                    if (size.apply(dialog.document, modelData.index))
                                        dialog.close()
                                }
                            }
                        }
                    }
                }
                Label { text: qsTr("Candidates side by side"); font.bold: true }
                Repeater {
                    model: dialog.shown ? dialog.shown.candidates : []
                    delegate: Label {
                        required property var modelData
                        Layout.fillWidth: true
                        wrapMode: Text.Wrap
                        font.pixelSize: 11
                        text: modelData.best
                              ? qsTr("%1 (%2): %3 chips, %4 days, goodput %5%, %6 MWh, %7 — price %8, power %9")
                                    .arg(modelData.label).arg(modelData.chip).arg(modelData.best.chips)
                                    .arg(modelData.best.days.toFixed(1)).arg((modelData.best.goodput * 100).toFixed(1))
                                    .arg(modelData.best.energyMwh < 0 ? "—" : modelData.best.energyMwh.toFixed(0))
                                    .arg(modelData.best.costUsd < 0 ? qsTr("no price") : "$" + (modelData.best.costUsd / 1e6).toFixed(2) + "M")
                                    .arg(modelData.price > 0 ? "$" + modelData.price.toFixed(2) + "/chip-h (" + modelData.priceSource + ")" : qsTr("unknown"))
                                    .arg(modelData.power > 0 ? modelData.power + " W (" + modelData.powerSource + ")" : qsTr("unknown"))
                              : qsTr("%1: no placement can train the job").arg(modelData.label)
                    }
                }
            }
            SizeCharts {
                objectName: "sizeCharts"
                SplitView.fillWidth: true
                sized: dialog.shown
            }
        }
        Label { id: exportStatus; objectName: "sizeExportStatus"; font.pixelSize: 11; color: Theme.textMuted }
    }
}
