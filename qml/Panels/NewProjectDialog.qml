import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// File › New: a built-in cluster and a first job of a built-in model.
Dialog {
    id: dialog
    required property ProjectDocument document
    objectName: "newProjectDialog"
    title: qsTr("New project")
    modal: true
    standardButtons: Dialog.Ok | Dialog.Cancel
    width: 460

    PresetCatalog { id: presets }
    onAccepted: document.newProject(presets.clusters[cluster.currentIndex].id, presets.models[model.currentIndex].id)

    GridLayout {
        anchors.fill: parent
        columns: 2
        Label { text: qsTr("Cluster") }
        ComboBox {
            id: cluster
            objectName: "newCluster"
            Layout.fillWidth: true
            model: presets.clusters.map(c => c.name + " (" + Number(c.chips).toLocaleString(Qt.locale(), "f", 0) + " chips)")
        }
        Label { text: qsTr("Model") }
        ComboBox {
            id: model
            objectName: "newModel"
            Layout.fillWidth: true
            model: presets.models.map(m => m.name)
        }
        Label {
            Layout.columnSpan: 2
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: 11
            color: Theme.textMuted
            text: qsTr("The first job starts on one cube (or 8 GPU nodes), fully sharded; change its slice in the inspector and use Auto-plan to find a layout.")
        }
    }
}
