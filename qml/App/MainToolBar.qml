import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// The toolbar: undo and redo, the view and colour switches, camera presets, the last export's
// message and how long the engines took.
ToolBar {
    id: bar
    required property ProjectDocument document
    required property SceneController sceneController
    required property var colorModes
    property string exportMessage
    signal cameraPresetChosen(string name)
    signal fitAllChosen()
    visible: document.loaded
    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: Theme.gap
        anchors.rightMargin: Theme.gap
        spacing: Theme.gap
        IconToolButton { objectName: "undoButton"; iconName: "undo"; text: qsTr("Undo"); enabled: document.canUndo; onClicked: document.undo(); ToolTip.text: qsTr("Undo %1 (Ctrl+Z)").arg(document.undoText) }
        IconToolButton { objectName: "redoButton"; iconName: "redo"; text: qsTr("Redo"); enabled: document.canRedo; onClicked: document.redo(); ToolTip.text: qsTr("Redo %1 (Ctrl+Shift+Z)").arg(document.redoText) }
        ToolSeparator {}
        ComboBox {
            objectName: "viewSwitch"
            model: [qsTr("Physical"), qsTr("Logical")]
            currentIndex: sceneController.view === "logical" ? 1 : 0
            onActivated: index => sceneController.view = index === 0 ? "physical" : "logical"
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Physical: racks on the floor (Ctrl+1). Logical: the selected job's slice as its torus (Ctrl+2).")
        }
        ComboBox {
            objectName: "colorSwitch"
            implicitWidth: 190
            model: bar.colorModes.map(m => m[1])
            currentIndex: bar.colorModes.findIndex(m => m[0] === sceneController.colorMode)
            onActivated: index => sceneController.colorMode = bar.colorModes[index][0]
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Colour chips by job, health, the tp/fsdp/… group they are in, their failure domain, or how busy the job's links are")
        }
        ToolSeparator {}
        IconToolButton {
            objectName: "fitAllButton"
            iconName: "fit-all"
            text: qsTr("Fit all")
            onClicked: bar.fitAllChosen()
            ToolTip.text: qsTr("Frame everything in the view (Home)")
        }
        Repeater {
            model: [["top", qsTr("Top")], ["front", qsTr("Front")], ["iso", qsTr("Iso")]]
            delegate: IconToolButton {
                required property var modelData
                objectName: "camera_" + modelData[0]
                iconName: "view-" + modelData[0]
                text: modelData[1]
                onClicked: bar.cameraPresetChosen(modelData[0])
                ToolTip.text: qsTr("Camera: %1 view").arg(modelData[1].toLowerCase())
            }
        }
        Item { Layout.fillWidth: true }
        Label {
            objectName: "exportMessage"
            Layout.maximumWidth: 420
            elide: Text.ElideMiddle
            font.pixelSize: 11
            color: Theme.textMuted
            text: bar.exportMessage
        }
        BusyIndicator { running: document.engineBusy; implicitWidth: 22; implicitHeight: 22 }
        Label {
            objectName: "engineTime"
            font.pixelSize: 11
            color: Theme.textMuted
            text: document.dashboard.engineMs !== undefined ? qsTr("engines %1 ms").arg(document.dashboard.engineMs.toFixed(0)) : ""
        }
    }
}
