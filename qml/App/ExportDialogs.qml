import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import PodPlanner.Views

// File › Export: the report (PDF, HTML or Markdown), an image of the 3D view at a chosen size,
// and CSV of the dashboard, the planner's results or the Monte Carlo percentiles. A modal
// popup shows progress while the Exporter works; the outcome shows in a line at the bottom.
Item {
    id: root
    required property ProjectDocument document
    required property SceneController sceneController
    required property Item scene
    property AppSettings settings: null
    property alias exporter: exporter
    property string message: ""

    function exportReport() { reportDialog.show() }
    function exportImage() { imageDialog.open() }
    function exportCsv(kind) {
        csvDialog.kind = kind
        csvDialog.suggestedSuffix = "-" + kind + ".csv"
        csvDialog.show()
    }

    Exporter {
        id: exporter
        objectName: "exporter"
        document: root.document
        onBusyChanged: if (busy) progressPopup.open(); else progressPopup.close()
        onDone: text => root.message = text
        onFailed: reason => root.message = reason
    }

    ProjectFileDialog {
        id: reportDialog
        objectName: "reportDialog"
        document: root.document
        settings: root.settings
        suggestedSuffix: "-report.pdf"
        acceptLabel: qsTr("Export")
        title: qsTr("Export the report")
        fileMode: FileDialog.SaveFile
        defaultSuffix: "pdf"
        nameFilters: [qsTr("PDF, A4 pages (*.pdf)"), qsTr("PDF, US Letter pages (*.pdf)"),
                      qsTr("HTML, one file (*.html)"), qsTr("Markdown with PNGs (*.md)")]
        onAccepted: Qt.callLater(() => exporter.exportReport(selectedFile.toString(), selectedNameFilter.index === 1))
    }
    ProjectFileDialog {
        id: csvDialog
        objectName: "csvDialog"
        document: root.document
        settings: root.settings
        acceptLabel: qsTr("Export")
        property string kind: "dashboard"
        title: qsTr("Export CSV")
        fileMode: FileDialog.SaveFile
        defaultSuffix: "csv"
        nameFilters: [qsTr("CSV (*.csv)")]
        onAccepted: Qt.callLater(() => exporter.exportCsv(kind, selectedFile.toString()))
    }
    ProjectFileDialog {
        id: imageFileDialog
        objectName: "imageFileDialog"
        document: root.document
        settings: root.settings
        suggestedSuffix: "-view.png"
        acceptLabel: qsTr("Export")
        title: qsTr("Export the 3D view as PNG")
        fileMode: FileDialog.SaveFile
        defaultSuffix: "png"
        nameFilters: [qsTr("PNG images (*.png)")]
        onAccepted: Qt.callLater(() => exporter.exportImage(selectedFile.toString(), widthBox.value, heightBox.value,
                                                            root.sceneController.view, root.sceneController.job,
                                                            root.sceneController.colorMode,
                                                            root.scene.pivotRotation, root.scene.cameraPosition))
    }
    Dialog {
        id: imageDialog
        objectName: "imageSizeDialog"
        parent: Overlay.overlay
        anchors.centerIn: parent
        title: qsTr("Export image")
        modal: true
        standardButtons: Dialog.Ok | Dialog.Cancel
        GridLayout {
            columns: 2
            // Return takes the size, as in the file dialog that follows.
            Keys.onReturnPressed: imageDialog.accept()
            Keys.onEnterPressed: imageDialog.accept()
            Label { text: qsTr("Width (px)") }
            SpinBox { id: widthBox; from: 64; to: 8192; stepSize: 64; value: 1920; editable: true; focus: true }
            Label { text: qsTr("Height (px)") }
            SpinBox { id: heightBox; from: 64; to: 8192; stepSize: 64; value: 1080; editable: true }
            Label {
                Layout.columnSpan: 2
                color: Theme.textMuted
                text: qsTr("The current view, camera and colours, drawn again at this size.")
            }
        }
        onAccepted: imageFileDialog.show()
    }
    Popup {
        id: progressPopup
        objectName: "exportProgress"
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        closePolicy: Popup.NoAutoClose
        width: 420
        ColumnLayout {
            anchors.fill: parent
            spacing: Theme.gapMedium
            Label { text: qsTr("Exporting…"); font.bold: true }
            Label { Layout.fillWidth: true; elide: Text.ElideRight; text: exporter.status }
            ProgressBar { Layout.fillWidth: true; value: exporter.progress }
        }
    }
}
