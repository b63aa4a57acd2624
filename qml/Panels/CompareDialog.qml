import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Job › Compare with baseline: the pinned numbers of the job and today's side by side, with the
// change of each (green: better, red: worse), and the mapping before and after.
Dialog {
    id: dialog
    required property ProjectDocument document
    readonly property var comparison: document.comparison
    objectName: "compareDialog"
    title: qsTr("%1: baseline and now").arg(document.dashboard.name || "")
    modal: true
    standardButtons: Dialog.Close
    width: 560

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.gap
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            text: dialog.comparison.rows === undefined
                  ? qsTr("No baseline for this job: select the job and use Job › Pin as baseline (Ctrl+B), then edit the plan.")
                  : qsTr("Baseline pinned at %1, %2.").arg(dialog.comparison.pinnedAt).arg(dialog.comparison.label)
        }
        GridLayout {
            objectName: "compareTable"
            visible: dialog.comparison.rows !== undefined
            columns: 4
            columnSpacing: Theme.gapWide
            rowSpacing: Theme.gapSmall
            Layout.fillWidth: true
            Repeater {
                model: [qsTr("Metric"), qsTr("Baseline"), qsTr("Now"), qsTr("Change")]
                Label { required property string modelData; text: modelData; font.bold: true }
            }
            Repeater {
                model: (dialog.comparison.rows || []).reduce((cells, row) => cells.concat([
                    { text: row.label }, { text: row.baseline }, { text: row.now },
                    { text: row.change, color: row.same ? Theme.textMuted : row.better ? Theme.good : Theme.bad, bold: !row.same }]), [])
                Label {
                    required property var modelData
                    text: modelData.text
                    color: modelData.color || palette.text
                    font.bold: modelData.bold === true
                }
            }
        }
        Label {
            visible: dialog.comparison.rows !== undefined
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: 11
            color: Theme.textMuted
            text: dialog.comparison.mappingBefore === dialog.comparison.mappingNow
                  ? qsTr("Mapping unchanged: %1").arg(dialog.comparison.mappingNow || "")
                  : qsTr("Mapping was %1; now %2").arg(dialog.comparison.mappingBefore || "").arg(dialog.comparison.mappingNow || "")
        }
    }
}
