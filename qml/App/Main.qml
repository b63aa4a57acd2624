import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import PodPlanner.Views
import PodPlanner.Scene

// The main window: menu, a summary of the open project, its jobs, and a drop target.
ApplicationWindow {
    id: window
    required property ProjectDocument document
    required property AppSettings settings

    // The window comes back where the user left it.
    x: settings.windowGeometry.x
    y: settings.windowGeometry.y
    width: settings.windowGeometry.width
    height: settings.windowGeometry.height
    minimumWidth: 960
    minimumHeight: 600
    visible: true
    onClosing: settings.windowGeometry = Qt.rect(x, y, width, height)
    title: (document.loaded ? document.projectName + " — " : "") + "PodPlanner"

    SceneController {
        id: sceneController
        document: window.document
    }

    function openPath(path) {
        if (document.load(path))
            settings.addRecentFile(document.filePath)
    }

    menuBar: MenuBar {
        Menu {
            title: qsTr("&File")
            Action {
                text: qsTr("&Open…")
                shortcut: StandardKey.Open
                onTriggered: openDialog.open()
            }
            Menu {
                id: recentMenu
                title: qsTr("Open &Recent")
                enabled: settings.recentFiles.length > 0
                Repeater {
                    model: settings.recentFiles
                    delegate: MenuItem {
                        required property string modelData
                        text: modelData
                        onTriggered: window.openPath(modelData)
                    }
                }
            }
            MenuSeparator {}
            Action {
                text: qsTr("&Quit")
                shortcut: StandardKey.Quit
                onTriggered: Qt.quit()
            }
        }
        Menu {
            title: qsTr("&Help")
            Action {
                text: qsTr("&About PodPlanner")
                onTriggered: aboutDialog.open()
            }
        }
    }

    FileDialog {
        id: openDialog
        title: qsTr("Open a PodPlanner project")
        nameFilters: [qsTr("PodPlanner projects (*.podplanner *.json)"), qsTr("All files (*)")]
        onAccepted: window.openPath(selectedFile.toString())
    }

    AboutDialog {
        id: aboutDialog
        anchors.centerIn: parent
    }

    DropArea {
        id: dropArea
        anchors.fill: parent
        keys: ["text/uri-list"]
        onDropped: drop => {
            if (drop.hasUrls)
                window.openPath(drop.urls[0].toString())
        }
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 16
        spacing: 12

        // Errors keep the current project open and say exactly what was wrong.
        Rectangle {
            objectName: "errorBanner"
            Layout.fillWidth: true
            visible: document.errorText.length > 0
            color: "#fdecea"
            border.color: "#d93025"
            radius: 4
            implicitHeight: errorLabel.implicitHeight + 16
            RowLayout {
                anchors.fill: parent
                anchors.margins: 8
                Label {
                    id: errorLabel
                    objectName: "errorLabel"
                    Layout.fillWidth: true
                    text: document.errorText
                    wrapMode: Text.Wrap
                    color: "#8c1d18"
                }
                Button {
                    text: qsTr("Dismiss")
                    onClicked: document.clearError()
                }
            }
        }

        Label {
            objectName: "placeholder"
            visible: !document.loaded
            Layout.fillWidth: true
            Layout.fillHeight: true
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
            text: qsTr("Open a project (Ctrl+O) or drop a .podplanner file here")
            font.pixelSize: 20
            color: "#666"
        }

        SummaryPanel {
            visible: document.loaded
            document: window.document
            Layout.fillWidth: true
        }

        // View, colour and camera switches for the 3D scene.
        RowLayout {
            visible: document.loaded
            Layout.fillWidth: true
            spacing: 10
            Label { text: qsTr("View") }
            ComboBox {
                objectName: "viewSwitch"
                model: [qsTr("Physical"), qsTr("Logical")]
                onActivated: index => sceneController.view = index === 0 ? "physical" : "logical"
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Physical: racks on the floor. Logical: a job's slice as its torus.")
            }
            Label { text: qsTr("Job"); visible: sceneController.view === "logical" }
            ComboBox {
                visible: sceneController.view === "logical"
                model: window.document.jobs
                textRole: "name"
                onActivated: index => sceneController.job = index
            }
            Label { text: qsTr("Colour") }
            ComboBox {
                model: [qsTr("By job"), qsTr("Health")]
                onActivated: index => sceneController.colorMode = index === 0 ? "job" : "health"
            }
            Item { Layout.fillWidth: true }
            Repeater {
                model: [["top", qsTr("Top")], ["front", qsTr("Front")], ["iso", qsTr("Iso")]]
                delegate: Button {
                    required property var modelData
                    text: modelData[1]
                    flat: true
                    onClicked: scene.cameraPreset(modelData[0])
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Camera: %1 view").arg(modelData[1].toLowerCase())
                }
            }
        }

        Scene {
            id: scene
            objectName: "scene"
            visible: document.loaded
            controller: sceneController
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.minimumHeight: 260
        }

        JobList {
            visible: document.loaded
            model: window.document.jobs
            Layout.fillWidth: true
            Layout.preferredHeight: 190
        }
    }
}
