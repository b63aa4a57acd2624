import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Job › Add job: a name, a built-in model or one given by hand (layers, widths, vocabulary,
// sequence), a slice shape (TPU) or a number of nodes (GPU), the batch and the tokens to train,
// and the reliability settings (hot spares, checkpoint interval, elastic). Placed on the lowest
// free cubes or nodes, fully sharded, with the fewest microbatches that fit in HBM; refused with
// the reason (and the field) if it does not fit or the model is inconsistent.
Dialog {
    id: dialog
    required property ProjectDocument document
    objectName: "addJobDialog"
    title: qsTr("Add a job")
    modal: true
    standardButtons: Dialog.Ok | Dialog.Cancel
    width: 520

    PresetCatalog { id: presets }
    readonly property bool gpu: document.jobSettings.gpu === true
    readonly property bool byHand: model.currentIndex === presets.models.length
    readonly property var settings: ({
        name: jobName.text,
        batchTokens: batch.value * 1048576,
        totalTokens: tokens.value * 1e9,
        hotSpares: spares.value,
        checkpointMin: checkpoint.value,
        elastic: elastic.checked
    })
    onAboutToShow: jobName.text = ""
    onAccepted: {
        if (!byHand) {
            document.addJob(presets.models[model.currentIndex].id, shape.text, settings)
            return
        }
        const dims = {}
        for (let i = 0; i < fields.count; ++i) {
            const f = fields.itemAt(i)
            dims[f.key] = f.value
        }
        document.addCustomJob(dims, shape.text, settings)
    }

    ColumnLayout {
        anchors.fill: parent
        GridLayout {
            Layout.fillWidth: true
            columns: 2
            Label { text: qsTr("Name") }
            TextField {
                id: jobName
                objectName: "addJobName"
                Layout.fillWidth: true
                placeholderText: dialog.byHand ? qsTr("custom-…") : (presets.models[model.currentIndex] || {}).id || ""
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Empty: the model's name, numbered if another job has it")
            }
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
            Label { text: qsTr("Global batch") }
            SpinBox {
                id: batch
                objectName: "addJobBatch"
                Layout.fillWidth: true
                from: 1
                to: 1024
                value: 4
                editable: true
                textFromValue: (v, locale) => v + qsTr(" M tokens")
                valueFromText: (text, locale) => parseInt(text)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Tokens per optimizer step, in millions (2²⁰); split into sequences of the model's length")
            }
            Label { text: qsTr("Tokens to train") }
            SpinBox {
                id: tokens
                objectName: "addJobTokens"
                Layout.fillWidth: true
                from: 1
                to: 100000
                value: 1000
                stepSize: 100
                editable: true
                textFromValue: (v, locale) => v + qsTr(" B")
                valueFromText: (text, locale) => parseInt(text)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("The run's length in billions of tokens; with the step time it gives the time to train")
            }
        }
        GroupBox {
            title: qsTr("Reliability")
            Layout.fillWidth: true
            GridLayout {
                anchors.fill: parent
                columns: 2
                Label { text: dialog.gpu ? qsTr("Hot spare nodes") : qsTr("Hot spare cubes") }
                SpinBox {
                    id: spares
                    objectName: "addJobSpares"
                    Layout.fillWidth: true
                    from: 0
                    to: 64
                    editable: true
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Held free for this job: a failed one is swapped in in seconds instead of waiting for repair")
                }
                Label { text: qsTr("Checkpoint every") }
                SpinBox {
                    id: checkpoint
                    objectName: "addJobCheckpoint"
                    Layout.fillWidth: true
                    from: 0
                    to: 1440
                    stepSize: 5
                    editable: true
                    textFromValue: (v, locale) => v === 0 ? qsTr("automatic") : v + qsTr(" min")
                    valueFromText: (text, locale) => { const v = parseInt(text); return isNaN(v) ? 0 : v }
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Minutes between checkpoints; automatic takes the Young/Daly optimum for the job's failure rate")
                }
                CheckBox {
                    id: elastic
                    objectName: "addJobElastic"
                    Layout.columnSpan: 2
                    text: qsTr("Elastic: continue on the remaining replicas until a repair")
                }
            }
        }
        GridLayout {
            visible: dialog.byHand
            Layout.fillWidth: true
            columns: 4
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
                    Label { text: modelData[1]; Layout.preferredWidth: 110; wrapMode: Text.Wrap }
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
                Layout.columnSpan: 4
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                font.pixelSize: 11
                color: Theme.textMuted
                text: qsTr("A dense SwiGLU decoder; head size is d_model / heads. The job starts fully sharded (fsdp) with the fewest microbatches that fit; Auto-plan finds a better layout.")
            }
        }
    }
}
