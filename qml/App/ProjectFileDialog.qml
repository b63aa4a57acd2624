import QtQuick
import QtQuick.Dialogs
import PodPlanner.Views

// A file dialog that starts beside the project: in its folder and, when saving, with a name made
// from the project's (`suggestedSuffix`, e.g. "-report.pdf"). Open it with show().
FileDialog {
    id: dialog
    required property ProjectDocument document
    property string suggestedSuffix: ".podplanner"
    acceptLabel: fileMode === FileDialog.SaveFile ? qsTr("Save") : qsTr("Open")

    function show() {
        const beside = document.fileBeside(suggestedSuffix).toString()
        currentFolder = beside.substring(0, beside.lastIndexOf("/"))
        if (fileMode === FileDialog.SaveFile)
            selectedFile = beside
        open()
    }
}
