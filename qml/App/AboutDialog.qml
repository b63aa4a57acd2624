import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Version, purpose, where the built-in figures come from, and what draws the 3D view.
Dialog {
    id: about
    objectName: "aboutDialog"
    property string renderer // OpenGL's GL_RENDERER, as asked at start
    title: qsTr("About PodPlanner")
    standardButtons: Dialog.Close
    modal: true
    width: 560
    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.gapMedium
        Label {
            text: "PodPlanner " + Qt.application.version
            font.pixelSize: 20
            font.bold: true
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            text: qsTr("Plan ML training clusters on their real topology: TPU pods of cubes joined by optical circuit switches, GPU clusters on fat-trees, and the jobs placed on them.")
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Theme.textSecondary
            text: qsTr("Built-in figures come from public sources, each cited next to its number (run “podplanner presets --json”): Cloud TPU system architecture pages; Jouppi et al., ISCA 2023 (TPU v4); the JAX scaling book “How to Scale Your Model”; NVIDIA A100/H100/H200/B200 datasheets; Kokolis et al., HPCA 2025 (failure rates).")
        }
        Label {
            objectName: "aboutRenderer"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            visible: text.length > 0
            color: Theme.textMuted
            text: about.renderer.length > 0 ? qsTr("3D drawn by OpenGL: %1").arg(about.renderer) : ""
        }
    }
}
