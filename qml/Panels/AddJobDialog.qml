import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Job › Add job: a built-in model on a slice shape (TPU) or a number of nodes (GPU), placed on
// the lowest free cubes or nodes; refused with the placement's reason if it does not fit.
Dialog {
    id: dialog
    required property ProjectDocument document
    title: qsTr("Add a job")
    modal: true
    standardButtons: Dialog.Ok | Dialog.Cancel
    width: 440

    PresetCatalog { id: presets }
    readonly property bool gpu: document.jobSettings.gpu === true
    onAccepted: document.addJob(presets.models[model.currentIndex].id, shape.text)

    GridLayout {
        anchors.fill: parent
        columns: 2
        Label { text: qsTr("Model") }
        ComboBox {
            id: model
            Layout.fillWidth: true
            model: presets.models.map(m => m.name)
        }
        Label { text: dialog.gpu ? qsTr("Nodes") : qsTr("Slice shape") }
        TextField {
            id: shape
            Layout.fillWidth: true
            text: dialog.gpu ? "8" : "4x4x4"
            ToolTip.visible: hovered
            ToolTip.text: dialog.gpu ? qsTr("GPU nodes in the pod") : qsTr("Chips per axis, e.g. 4x4x8; multiples of 4 take whole cubes")
        }
    }
}
