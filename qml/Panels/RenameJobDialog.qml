import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Job › Rename: the selected job's name, selected so that typing replaces it; Return or OK
// renames (one undo step), refused with the reason when empty or taken by another job.
Dialog {
    id: dialog
    required property ProjectDocument document
    objectName: "renameJobDialog"
    title: qsTr("Rename %1").arg(document.jobSettings.name || "")
    modal: true
    standardButtons: Dialog.Ok | Dialog.Cancel
    width: 380
    onOpened: {
        nameField.text = document.jobSettings.name || ""
        nameField.selectAll()
        nameField.forceActiveFocus()
    }
    onAccepted: document.setJobName(document.selectedJob, nameField.text)

    ColumnLayout {
        anchors.fill: parent
        Label { text: qsTr("Name") }
        TextField {
            id: nameField
            objectName: "jobNameField"
            Layout.fillWidth: true
            onAccepted: dialog.accept()
        }
    }
}
