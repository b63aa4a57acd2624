import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Job › Add job: a built-in model, or one given by hand (layers, widths, vocabulary, sequence),
// on a slice shape (TPU) or a number of nodes (GPU), placed on the lowest free cubes or nodes;
// refused with the reason (and the field) if it does not fit or the model is inconsistent.
Dialog {
    id: dialog
    required property ProjectDocument document
    objectName: "addJobDialog"
    title: qsTr("Add a job")
    modal: true
    standardButtons: Dialog.Ok | Dialog.Cancel
    width: 460

    PresetCatalog { id: presets }
    readonly property bool gpu: document.jobSettings.gpu === true
    readonly property bool byHand: model.currentIndex === presets.models.length
    onAccepted: {
        if (!byHand) {
            document.addJob(presets.models[model.currentIndex].id, shape.text)
            return
        }
        const dims = {}
        for (let i = 0; i < fields.count; ++i) {
            const f = fields.itemAt(i)
            dims[f.key] = f.value
        }
        document.addCustomJob(dims, shape.text)
    }

    ColumnLayout {
        anchors.fill: parent
        GridLayout {
            Layout.fillWidth: true
            columns: 2
            Label { text: qsTr("Model") }
            ComboBox {
                id: model
                objectName: "addJobModel"
                Layout.fillWidth: true
                model: presets.models.map(m => m.name).concat([qsTr("By hand…")])
            }
            Label { text: dialog.gpu ? qsTr("Nodes") : qsTr("Slice shape") }
            TextField {
                id: shape
                objectName: "addJobShape"
                Layout.fillWidth: true
                text: dialog.gpu ? "8" : "4x4x4"
                ToolTip.visible: hovered
                ToolTip.text: dialog.gpu ? qsTr("GPU nodes in the pod") : qsTr("Chips per axis, e.g. 4x4x8; multiples of 4 take whole cubes")
            }
        }
        GridLayout {
            visible: dialog.byHand
            Layout.fillWidth: true
            columns: 2
            Repeater {
                id: fields
                model: [["layers", qsTr("Layers"), 32], ["d_model", qsTr("Model width (d_model)"), 4096],
                        ["heads", qsTr("Attention heads"), 32], ["kv_heads", qsTr("KV heads"), 8],
                        ["ffn", qsTr("FFN width"), 14336], ["vocab", qsTr("Vocabulary"), 128256],
                        ["seq_len", qsTr("Sequence length"), 8192]]
                delegate: RowLayout {
                    required property var modelData
                    readonly property string key: modelData[0]
                    readonly property int value: box.value
                    Layout.columnSpan: 2
                    Layout.fillWidth: true
                    Label { text: modelData[1]; Layout.preferredWidth: 170 }
                    SpinBox {
                        id: box
                        objectName: "custom_" + modelData[0]
                        Layout.fillWidth: true
                        from: 1
                        to: 1000000
                        editable: true
                        value: modelData[2]
                    }
                }
            }
            Label {
                Layout.columnSpan: 2
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                font.pixelSize: 11
                color: "#5f6368"
                text: qsTr("A dense SwiGLU decoder; head size is d_model / heads. The job starts fully sharded (fsdp) with 4 M-token batches; Auto-plan finds a better layout.")
            }
        }
    }
}
