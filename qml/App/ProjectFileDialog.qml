import QtQuick
import QtQuick.Dialogs
import PodPlanner.Views

// A file dialog that starts beside the project: in its folder and, when saving, with a name made
// from the project's (`suggestedSuffix`, e.g. "-report.pdf"). Given `settings`, it starts in the
// folder of the last file it wrote instead (exports), and remembers it. Open it with show().
FileDialog {
    id: dialog
    required property ProjectDocument document
    property AppSettings settings: null
    property string suggestedSuffix: ".podplanner"
    acceptLabel: fileMode === FileDialog.SaveFile ? qsTr("Save") : qsTr("Open")

    function show() {
        const beside = document.fileBeside(suggestedSuffix).toString()
        const slash = beside.lastIndexOf("/")
        const last = settings ? settings.lastExportFolder.toString() : ""
        currentFolder = last !== "" ? last : beside.substring(0, slash)
        if (fileMode === FileDialog.SaveFile)
            selectedFile = currentFolder.toString() + beside.substring(slash)
        open()
        // Beside the 3D view, not over the pod in its middle, once the dialog's popup is shown.
        Qt.callLater(() => placement.toRightEdge(dialog))
    }
    property FileDialogPlacement placement: FileDialogPlacement {}

    property Connections remember: Connections {
        target: dialog
        function onAccepted() {
            if (!dialog.settings)
                return
            const file = dialog.selectedFile.toString()
            dialog.settings.lastExportFolder = file.substring(0, file.lastIndexOf("/"))
        }
    }
}
