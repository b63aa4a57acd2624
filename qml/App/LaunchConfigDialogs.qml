import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import PodPlanner.Views

// File › Export launch config (the selected job as MaxText/xpk, Megatron-LM or torchtitan flags,
// or the cluster as InfraGraph, previewed before saving) and File › Import launch config (a
// launch script or config file becomes a new job; the flags PodPlanner does not model are
// listed). The work is LaunchConfigs' (views/launch_configs.h).
Item {
    id: root
    objectName: "launchConfigDialogs"
    required property ProjectDocument document
    property alias configs: configs

    function exportConfig() {
        formatBox.model = configs.exportFormats()
        exportDialog.refresh()
        exportDialog.open()
    }
    function importConfig() { importDialog.open() }

    LaunchConfigs {
        id: configs
        objectName: "launchConfigs"
        document: root.document
    }

    Dialog {
        id: exportDialog
        objectName: "exportLaunchDialog"
        parent: Overlay.overlay
        anchors.centerIn: parent
        width: Math.min(parent.width - 80, 900)
        height: Math.min(parent.height - 80, 640)
        title: qsTr("Export launch config")
        modal: true
        standardButtons: Dialog.Save | Dialog.Cancel
        function refresh() {
            preview.text = configs.exportText(root.document.selectedJob, formatBox.currentText)
        }
        ColumnLayout {
            anchors.fill: parent
            RowLayout {
                Label { text: qsTr("Job %1 as").arg(root.document.selectedJob + 1) }
                ComboBox {
                    id: formatBox
                    objectName: "launchFormatBox"
                    onActivated: exportDialog.refresh()
                }
                Label {
                    Layout.fillWidth: true
                    color: Theme.textMuted
                    elide: Text.ElideRight
                    text: preview.text.length > 0 ? qsTr("Comments say the mesh it implies and what the framework cannot express")
                                                  : configs.message
                }
            }
            ScrollView {
                Layout.fillWidth: true
                Layout.fillHeight: true
                TextArea {
                    id: preview
                    objectName: "launchPreview"
                    readOnly: true
                    font.family: "monospace"
                    font.pixelSize: 12
                    wrapMode: TextEdit.NoWrap
                }
            }
        }
        onAccepted: saveDialog.open()
    }
    FileDialog {
        id: saveDialog
        title: qsTr("Save the launch config")
        fileMode: FileDialog.SaveFile
        defaultSuffix: formatBox.currentText === "torchtitan" ? "toml"
                     : formatBox.currentText === "infragraph" ? "json" : "sh"
        onAccepted: configs.exportToFile(root.document.selectedJob, formatBox.currentText, selectedFile.toString())
    }

    Dialog {
        id: importDialog
        objectName: "importLaunchDialog"
        parent: Overlay.overlay
        anchors.centerIn: parent
        width: 560
        title: qsTr("Import launch config")
        modal: true
        standardButtons: Dialog.Open | Dialog.Cancel
        GridLayout {
            anchors.fill: parent
            columns: 2
            Label { text: qsTr("Format") }
            ComboBox {
                id: importFormat
                objectName: "importFormatBox"
                model: ["maxtext", "megatron", "torchtitan"]
            }
            Label { text: qsTr("TPU slice topology") }
            TextField { id: shapeField; objectName: "importShape"; placeholderText: qsTr("from the file, e.g. 4x4x8") }
            Label { text: qsTr("TPU slices") }
            SpinBox { id: slicesBox; from: 0; to: 10000; editable: true }
            Label { text: qsTr("GPU nodes") }
            SpinBox { id: nodesBox; objectName: "importNodes"; from: 0; to: 1000000; editable: true }
            Label {
                Layout.columnSpan: 2
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                color: Theme.textMuted
                text: qsTr("0 or empty: as the file says (xpk --tpu-type and --num-slices, torchrun --nnodes).")
            }
        }
        onAccepted: importFileDialog.open()
    }
    FileDialog {
        id: importFileDialog
        title: qsTr("Launch script or config")
        fileMode: FileDialog.OpenFile
        nameFilters: [qsTr("Launch scripts, configs and InfraGraph documents (*.sh *.toml *.yml *.yaml *.json *.txt)"), qsTr("All files (*)")]
        onAccepted: {
            configs.importFile(importFormat.currentText, selectedFile.toString(), shapeField.text,
                               slicesBox.value, nodesBox.value)
            resultDialog.open() // the outcome, or why it was refused
        }
    }
    Dialog {
        id: resultDialog
        objectName: "importResultDialog"
        parent: Overlay.overlay
        anchors.centerIn: parent
        width: Math.min(parent.width - 80, 760)
        title: qsTr("Import launch config")
        modal: true
        standardButtons: Dialog.Ok
        ColumnLayout {
            anchors.fill: parent
            Label {
                objectName: "importMessage"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                text: configs.message
            }
            Label {
                visible: configs.unmodelled.length > 0
                font.bold: true
                text: qsTr("Not modelled by PodPlanner (%1):").arg(configs.unmodelled.length)
            }
            ScrollView {
                visible: configs.unmodelled.length > 0
                Layout.fillWidth: true
                Layout.preferredHeight: 220
                ListView {
                    objectName: "unmodelledList"
                    model: configs.unmodelled
                    delegate: Label { text: modelData; font.family: "monospace" }
                }
            }
        }
    }
}
