import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Planned maintenance of a power row for the selected job: how often, how long, and whether the
// job drains (stops) for it or rides through on spare cubes. One undo step.
Dialog {
    id: dialog
    required property ProjectDocument document
    objectName: "maintenanceDialog"
    title: qsTr("Schedule maintenance")
    modal: true
    width: 440
    standardButtons: Dialog.Ok | Dialog.Cancel

    function openFor(powerRow) {
        rowBox.value = Math.max(0, powerRow)
        open()
    }

    GridLayout {
        anchors.fill: parent
        columns: 2
        Label { text: qsTr("Job") }
        Label { text: dialog.document.jobSettings.name || ""; font.bold: true }
        Label { text: qsTr("Power row") }
        SpinBox {
            id: rowBox
            objectName: "maintenanceRow"
            from: 0
            to: Math.max(0, (dialog.document.jobSettings.powerRows || 1) - 1)
        }
        Label { text: qsTr("Every (days)") }
        SpinBox { id: everyBox; objectName: "maintenanceEvery"; from: 1; to: 365; value: 30; editable: true }
        Label { text: qsTr("Duration (hours)") }
        SpinBox { id: hoursBox; objectName: "maintenanceHours"; from: 1; to: 240; value: 8; editable: true }
        Label { text: qsTr("The job") }
        ComboBox {
            id: modeBox
            objectName: "maintenanceMode"
            Layout.fillWidth: true
            model: [qsTr("drains and waits"), qsTr("rides through on spares")]
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Spares: the row's cubes are swapped for hot spares before the window, so the job keeps running if it has enough spares")
        }
        Label {
            Layout.columnSpan: 2
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: 11
            color: Theme.textMuted
            text: qsTr("The goodput engine counts the window's downtime, or the swaps, every period (docs/reliability.md).")
        }
    }
    onAccepted: document.addMaintenance(document.selectedJob, rowBox.value, everyBox.value, hoursBox.value,
                                        modeBox.currentIndex === 0 ? "drain" : "spares")
}
