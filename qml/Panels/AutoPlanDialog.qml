import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// The auto-planner: searches every layout of the selected job's chips on a worker thread
// (cancellable), shows the best side by side, and applies one as an undoable edit.
Dialog {
    id: dialog
    required property ProjectDocument document
    objectName: "autoPlanDialog"
    property alias task: plan
    title: qsTr("Auto-plan: %1").arg(document.jobSettings.name || "")
    modal: true
    standardButtons: Dialog.Close
    width: Math.min(parent ? parent.width - 40 : 1000, 1100)
    height: Math.min(parent ? parent.height - 40 : 560, 560)

    PlanTask { id: plan }
    onOpened: plan.start(document, document.selectedJob, 6)
    onClosed: plan.cancel()
    // A card's line: as wide as the card, wrapped (anywhere, for names like
    // minimal_with_context) rather than drawn across the next card.
    component CardText: Label {
        Layout.fillWidth: true
        wrapMode: Text.WrapAtWordBoundaryOrAnywhere
    }
    readonly property var candidates: plan.result && plan.result.candidates ? plan.result.candidates : []

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.gapMedium
        RowLayout {
            Layout.fillWidth: true
            BusyIndicator { running: plan.running; visible: plan.running; implicitWidth: 28; implicitHeight: 28 }
            Label {
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                text: plan.running ? qsTr("Searching the layouts of %1 chips…").arg(document.jobSettings.chips)
                      : plan.cancelled ? qsTr("Search cancelled.")
                      : plan.result && plan.result.error ? plan.result.error
                      : plan.result ? qsTr("%1 layouts timed of %2 considered in %3 ms. %4%5")
                                        .arg(Number(plan.result.evaluated).toLocaleString(Qt.locale(), "f", 0))
                                        .arg(Number(plan.result.considered).toLocaleString(Qt.locale(), "f", 0))
                                        .arg((plan.result.elapsedS * 1000).toFixed(0)).arg(plan.result.infeasible || "")
                                        .arg(plan.result.fewerChips ? qsTr("Fewer chips: ") + plan.result.fewerChips : "")
                      : ""
            }
            Button {
                text: plan.running ? qsTr("Cancel") : qsTr("Search again")
                onClicked: plan.running ? plan.cancel() : plan.start(document, document.selectedJob, 6)
            }
        }
        // The cards in rows as wide as the dialog, scrolling down: none is cut off at the edge or
        // runs into the next (issue 17 item 11).
        ScrollView {
            id: cardsView
            objectName: "autoPlanCards"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            contentWidth: availableWidth
            GridLayout {
                width: cardsView.availableWidth
                columns: Math.max(1, Math.floor((width + columnSpacing) / (200 + columnSpacing)))
                columnSpacing: Theme.gapMedium
                rowSpacing: Theme.gapMedium
                Repeater {
                    model: dialog.candidates
                    delegate: Frame {
                        objectName: "autoPlanCard" + index
                        required property var modelData
                        required property int index
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        Layout.preferredWidth: 200
                        Layout.alignment: Qt.AlignTop
                        // The grid sets the width; long lines wrap inside it instead of
                        // widening the card's content past its border.
                        contentWidth: 200 - leftPadding - rightPadding
                        ColumnLayout {
                            anchors.fill: parent
                            spacing: Theme.gapSmall
                            CardText { text: qsTr("#%1").arg(index + 1); font.bold: true; font.pixelSize: 16 }
                            CardText { text: qsTr("dp %1 · fsdp %2 · tp %3").arg(modelData.dp).arg(modelData.fsdp).arg(modelData.tp) }
                            CardText { text: qsTr("pp %1 · ep %2 · cp %3").arg(modelData.pp).arg(modelData.ep).arg(modelData.cp) }
                            CardText { text: qsTr("%1 microbatches · recompute %2").arg(modelData.microbatches).arg(modelData.recompute); font.pixelSize: 11 }
                            CardText { text: qsTr("Step %1 s").arg(modelData.stepS.toFixed(3)); font.bold: true }
                            CardText {
                                // Against the pinned baseline of this job (Job › Pin as baseline).
                                objectName: "autoPlanVsBaseline" + index
                                readonly property real base: dialog.document.baseline.job === dialog.document.selectedJob
                                                             ? dialog.document.baseline.stepS : 0
                                visible: base > 0
                                text: base > 0 ? qsTr("vs baseline: %1%2%").arg(modelData.stepS <= base ? "−" : "+")
                                                     .arg((100 * Math.abs(modelData.stepS - base) / base).toFixed(1)) : ""
                                color: modelData.stepS < base * 0.999 ? Theme.good : modelData.stepS > base * 1.001 ? Theme.bad : Theme.textMuted
                                font.pixelSize: 11
                            }
                            CardText { text: qsTr("MFU %1%").arg((modelData.mfu * 100).toFixed(1)) }
                            CardText { text: qsTr("%1 k tokens/s").arg((modelData.tokensPerS / 1000).toFixed(0)) }
                            CardText { text: qsTr("HBM %1 GiB").arg(modelData.hbmGib.toFixed(1)) }
                            CardText { text: modelData.mapping; font.pixelSize: 10; color: Theme.textMuted }
                            CardText { text: modelData.reason; font.pixelSize: 10; color: Theme.textMuted }
                            Item { Layout.fillHeight: true }
                            Button {
                                objectName: "applyCandidate" + index
                                text: qsTr("Apply")
                                Layout.fillWidth: true
                                onClicked: {
                                    dialog.document.applyLayout(dialog.document.selectedJob, modelData)
                                    dialog.close()
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
