import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// The numbers of the selected job, live: step time, MFU, tokens/s, HBM fit, goodput, time to
// train, the badput breakdown, goodput over time (Monte Carlo, rerun after every edit with
// progress and cancel) and the collectives table.
Rectangle {
    id: root
    required property ProjectDocument document
    property alias simulation: simulation
    property int trials: 500
    property int days: 30
    readonly property var d: document.dashboard
    // The job trains at no speed right now (waiting for repair, or restarting on a spare): the
    // step time, MFU and throughput cards say so and keep the healthy numbers as context.
    readonly property bool stalled: d.valid === true && d.throughputNow !== undefined && d.throughputNow <= 0
    readonly property color stalledColor: Theme.bad
    color: Theme.panel

    function pct(x) { return (x * 100).toFixed(1) + "%" }
    function time(s) { return s >= 1 ? s.toFixed(2) + " s" : (s * 1000).toFixed(0) + " ms" }
    function count(x) {
        return x >= 1e6 ? (x / 1e6).toFixed(2) + " M" : x >= 1e3 ? (x / 1e3).toFixed(1) + " k" : x.toFixed(0)
    }

    SimulationTask { id: simulation }
    WhatIsThis { id: whatIsThis }
    // The Monte Carlo follows the engine: a short pause after the last edit, then a fresh run.
    Timer {
        id: rerun
        interval: 250
        onTriggered: simulation.start(root.document, root.document.selectedJob, root.trials, root.days)
    }
    Connections {
        target: root.document
        function onAnalysisChanged() { rerun.restart() }
    }
    Component.onCompleted: rerun.restart()

    RowLayout {
        anchors.fill: parent
        anchors.margins: Theme.gap
        spacing: Theme.gap

        ColumnLayout {
            Layout.preferredWidth: Math.min(420, root.width * 0.3)
            Layout.minimumWidth: 280
            Layout.fillHeight: true
            spacing: Theme.gapSmall
            Label {
                objectName: "dashboardHeader"
                Layout.fillWidth: true
                text: root.d.valid ? qsTr("%1 · %2 chips · %3").arg(root.d.name).arg(root.d.chips).arg(root.d.state)
                                   : qsTr("No numbers for this plan")
                font.bold: true
                elide: Text.ElideRight
                // Cut short in a narrow panel: the whole line on hover.
                HoverHandler { id: headerHover }
                ToolTip.visible: truncated && headerHover.hovered
                ToolTip.text: text
            }
            // Why the job is in its state while parts are failed: what broke, and what stands in.
            Label {
                objectName: "stateReasons"
                visible: root.d.valid === true && root.d.state !== "running"
                         && (root.d.stateReasons || []).length > 0
                Layout.fillWidth: true
                text: visible ? root.d.stateReasons.join("; ") : ""
                wrapMode: Text.Wrap
                maximumLineCount: 3
                elide: Text.ElideRight
                color: Theme.textSecondary
                // Every reason, one a line, when three lines do not hold them.
                HoverHandler { id: reasonsHover }
                ToolTip.visible: truncated && reasonsHover.hovered
                ToolTip.text: visible ? root.d.stateReasons.join("\n") : ""
            }
            Label {
                objectName: "engineError"
                visible: !root.d.valid && root.document.engineError.length > 0
                Layout.fillWidth: true
                Layout.fillHeight: true
                text: root.document.engineError
                wrapMode: Text.Wrap
                color: Theme.badText
            }
            GridLayout {
                visible: root.d.valid === true
                columns: 3
                columnSpacing: Theme.gapSmall
                rowSpacing: Theme.gapSmall
                Layout.fillWidth: true
                MetricCard {
                    objectName: "stepTime"
                    topic: "stepTime"
                    change: root.document.comparison.stepS
                    onWhatIsThis: (topic, near) => whatIsThis.show(topic, near)
                    Layout.fillWidth: true
                    // With how far the engine has been on published runs of this kind of plan.
                    caption: root.d.accuracyMedian === undefined ? qsTr("Step time")
                             : qsTr("Step time · ±%1").arg(root.pct(root.d.accuracyMedian))
                    value: !root.d.valid ? "" : root.stalled ? qsTr("stalled") : root.time(root.d.stepS)
                    detail: !root.d.valid ? ""
                            : root.stalled ? qsTr("%1; %2 when running").arg(root.d.state).arg(root.time(root.d.stepS))
                            : qsTr("comm %1 · bubble %2").arg(root.time(root.d.exposedCommS)).arg(root.time(root.d.bubbleS))
                              + (root.d.hostWaitS > 0 ? qsTr(" · host %1").arg(root.time(root.d.hostWaitS)) : "")
                              + (root.d.evalS > 0 ? qsTr(" · eval %1").arg(root.time(root.d.evalS)) : "")
                    accent: root.stalled ? root.stalledColor : Theme.accent
                    help: qsTr("One optimizer step: compute, exposed communication, time the GPUs wait for an eager framework's host to issue kernels, pipeline bubble and the optimizer update, and its share of periodic evaluation")
                          + (root.d.accuracyText === undefined ? "" : qsTr(". Accuracy (the ± in the caption): %1").arg(root.d.accuracyText))
                }
                MetricCard {
                    objectName: "mfu"
                    topic: "mfu"
                    change: root.document.comparison.mfu
                    onWhatIsThis: (topic, near) => whatIsThis.show(topic, near)
                    Layout.fillWidth: true
                    caption: qsTr("MFU")
                    value: !root.d.valid ? "" : root.pct(root.stalled ? 0 : root.d.mfu)
                    detail: !root.d.valid ? "" : root.stalled ? qsTr("stalled; %1 when running").arg(root.pct(root.d.mfu))
                                                              : qsTr("model FLOPs / peak")
                    accent: root.stalled ? root.stalledColor : Theme.accent
                    help: qsTr("Model FLOPs utilization: 6·N·tokens (+ attention) over the chips' peak, PaLM convention")
                }
                MetricCard {
                    Layout.fillWidth: true
                    caption: qsTr("Tokens / s")
                    objectName: "tokensPerS"
                    topic: "tokens"
                    change: root.document.comparison.tokensPerS
                    onWhatIsThis: (topic, near) => whatIsThis.show(topic, near)
                    value: !root.d.valid ? "" : root.count(root.stalled ? 0 : root.d.tokensPerS)
                    detail: !root.d.valid ? "" : root.stalled ? qsTr("stalled; %1 when running").arg(root.count(root.d.tokensPerS))
                                                              : qsTr("whole job")
                    accent: root.stalled ? root.stalledColor : Theme.accent
                    help: qsTr("Training throughput of the whole job without interruptions")
                }
                MetricCard {
                    Layout.fillWidth: true
                    caption: qsTr("HBM per chip")
                    topic: "hbm"
                    change: root.document.comparison.hbmUsedGib
                    onWhatIsThis: (topic, near) => whatIsThis.show(topic, near)
                    value: root.d.valid ? root.d.hbmUsedGib.toFixed(1) + " GiB" : ""
                    detail: root.d.valid ? qsTr("of %1 GiB").arg(root.d.hbmCapacityGib.toFixed(0)) : ""
                    accent: root.d.fits ? Theme.good : Theme.bad
                    help: qsTr("Weights, gradients, optimizer state, activations and temporaries per chip")
                }
                MetricCard {
                    objectName: "goodput"
                    topic: "goodput"
                    change: root.document.comparison.goodput
                    onWhatIsThis: (topic, near) => whatIsThis.show(topic, near)
                    Layout.fillWidth: true
                    caption: root.d.valid && root.d.goodputWindowH > 0 ? qsTr("Goodput, next %1 h").arg(root.d.goodputWindowH.toFixed(0)) : qsTr("Goodput")
                    value: root.d.valid ? root.pct(root.d.goodput) : ""
                    detail: root.d.valid ? (root.d.goodputWindowH > 0 ? qsTr("healthy %1").arg(root.pct(root.d.goodputHealthy))
                                                                       : qsTr("%1 interruptions/day").arg(root.d.interruptionsPerDay.toFixed(2))) : ""
                    accent: root.d.valid && root.d.goodput < root.d.goodputHealthy - 1e-9 ? Theme.bad : Theme.accent
                    help: qsTr("Useful progress over wall time (closed form). With parts failed: over their repair window, counting the recovery happening now")
                }
                MetricCard {
                    Layout.fillWidth: true
                    caption: qsTr("Time to train")
                    topic: "timeToTrain"
                    change: root.document.comparison.timeToTrainDays
                    onWhatIsThis: (topic, near) => whatIsThis.show(topic, near)
                    value: root.d.valid ? (root.d.timeToTrainDays < 0 ? qsTr("stalled") : root.d.timeToTrainDays.toFixed(1) + qsTr(" days")) : ""
                    detail: root.d.valid ? qsTr("%1 days without failures").arg(root.d.idealDays.toFixed(1))
                                           + (root.d.costUsd > 0 ? qsTr(" · $%1M").arg((root.d.costUsd / 1e6).toFixed(2)) : "") : ""
                    help: qsTr("The job's total tokens at this throughput, divided by the goodput; with the chip's price (Edit › Chip price and power), what the run costs")
                }
            }
            Label {
                visible: root.d.valid === true
                Layout.fillWidth: true
                text: qsTr("Mapping: %1").arg(root.d.mapping || "")
                font.pixelSize: 11
                color: Theme.textMuted
                elide: Text.ElideRight
            }
            Item { Layout.fillHeight: true }
        }

        BadputChart {
            objectName: "badputChart"
            onWhatIsThis: near => whatIsThis.show("badput", near)
            dashboard: root.d
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.minimumWidth: 250
        }

        ColumnLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.minimumWidth: 240
            spacing: Theme.gapTight
            GoodputChart {
                objectName: "goodputChart"
                result: simulation.result
                Layout.fillWidth: true
                Layout.fillHeight: true
            }
            RowLayout {
                Layout.fillWidth: true
                ProgressBar {
                    objectName: "simulationProgress"
                    Layout.fillWidth: true
                    value: simulation.progress
                    indeterminate: simulation.progress < 0
                    visible: simulation.running
                }
                Label {
                    visible: !simulation.running
                    Layout.fillWidth: true
                    font.pixelSize: 10
                    color: Theme.textMuted
                    text: simulation.cancelled ? qsTr("Monte Carlo cancelled")
                          : simulation.result && simulation.result.trials
                            ? qsTr("%1 trials × %2 days, median %3").arg(simulation.result.trials).arg(root.days).arg(root.pct(simulation.result.median))
                            : ""
                }
                Button {
                    text: simulation.running ? qsTr("Cancel") : qsTr("Rerun")
                    font.pixelSize: 11
                    onClicked: simulation.running ? simulation.cancel() : rerun.restart()
                    ToolTip.visible: hovered
                    ToolTip.text: simulation.running ? qsTr("Stop the Monte Carlo") : qsTr("Run the Monte Carlo again")
                }
            }
        }

        // The collectives per step, or where one layer's time goes.
        ColumnLayout {
            Layout.preferredWidth: Math.min(380, root.width * 0.26)
            Layout.minimumWidth: 260
            Layout.fillHeight: true
            spacing: Theme.gapTight
            TabBar {
                id: detailTabs
                objectName: "dashboardDetailTabs"
                Layout.fillWidth: true
                TabButton {
                    objectName: "collectivesTab"
                    text: qsTr("Collectives")
                    font.pixelSize: 11
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Every collective of a step: bytes, time and what is not hidden")
                }
                TabButton {
                    objectName: "layerTab"
                    text: qsTr("Layer")
                    font.pixelSize: 11
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Where one layer's time goes, operation by operation")
                }
            }
            StackLayout {
                currentIndex: detailTabs.currentIndex
                Layout.fillWidth: true
                Layout.fillHeight: true
                CollectivesTable {
                    model: root.document.collectives
                }
                LayerTimes {
                    objectName: "layerTimes"
                    dashboard: root.d
                }
            }
        }
    }
}
