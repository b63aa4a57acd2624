import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import PodPlanner.Views

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

        JobList {
            visible: document.loaded
            model: window.document.jobs
            Layout.fillWidth: true
            Layout.fillHeight: true
        }
    }
}
