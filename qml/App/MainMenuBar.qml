import QtQuick
import QtQuick.Controls
import PodPlanner.Views

// The window's menus. Every entry with a shortcut is one of the window's actions (they live on
// the window, so that their shortcuts work while the menus are closed) and shows its shortcut.
MenuBar {
    id: bar
    // The window's actions by name (Main.qml's `actions`).
    required property var actions
    required property AppSettings settings
    required property SceneController sceneController
    // [mode, name] pairs of the scene's colour modes.
    required property var colorModes
    signal recentFileChosen(string path)

    AppMenu {
        title: qsTr("&File")
        AppMenuItem { action: bar.actions.newProject }
        AppMenuItem { action: bar.actions.open }
        AppMenu {
            title: qsTr("Open &Recent")
            enabled: bar.settings.recentFiles.length > 0
            Repeater {
                model: bar.settings.recentFiles
                delegate: AppMenuItem {
                    required property string modelData
                    text: modelData
                    onTriggered: bar.recentFileChosen(modelData)
                }
            }
        }
        MenuSeparator {}
        AppMenuItem { action: bar.actions.save }
        AppMenuItem { action: bar.actions.saveAs }
        MenuSeparator {}
        AppMenuItem { action: bar.actions.exportReport }
        AppMenuItem { action: bar.actions.exportImage }
        AppMenuItem { action: bar.actions.exportLaunchConfig }
        AppMenuItem { action: bar.actions.importLaunchConfig }
        AppMenu {
            title: qsTr("Export &CSV")
            enabled: bar.actions.exportReport.enabled
            AppMenuItem { action: bar.actions.exportCsvDashboard }
            AppMenuItem { action: bar.actions.exportCsvPlan }
            AppMenuItem { action: bar.actions.exportCsvMonteCarlo }
        }
        MenuSeparator {}
        AppMenuItem { action: bar.actions.quit }
    }
    AppMenu {
        title: qsTr("&Edit")
        AppMenuItem { action: bar.actions.undo }
        AppMenuItem { action: bar.actions.redo }
        MenuSeparator {}
        AppMenuItem { action: bar.actions.repairAll }
        MenuSeparator {}
        AppMenuItem { action: bar.actions.chipEconomics }
    }
    AppMenu {
        title: qsTr("&Job")
        AppMenuItem { action: bar.actions.addJob }
        AppMenuItem { action: bar.actions.renameJob }
        AppMenuItem { action: bar.actions.duplicateJob }
        AppMenuItem { action: bar.actions.removeJob }
        AppMenuItem { action: bar.actions.autoPlan }
        AppMenuItem { action: bar.actions.size }
        AppMenuItem { action: bar.actions.sweep }
        MenuSeparator {}
        AppMenuItem { action: bar.actions.placeOnSelection }
        AppMenuItem { action: bar.actions.sparesOnSelection }
        AppMenuItem { action: bar.actions.maintenance }
        MenuSeparator {}
        AppMenuItem { action: bar.actions.pinBaseline }
        AppMenuItem { action: bar.actions.compare }
    }
    AppMenu {
        title: qsTr("&View")
        AppMenuItem { action: bar.actions.physical }
        AppMenuItem { action: bar.actions.logical }
        MenuSeparator {}
        AppMenuItem { action: bar.actions.fitAll }
        AppMenuItem { action: bar.actions.fitSelection }
        AppMenuItem { action: bar.actions.clearSelection }
        MenuSeparator {}
        AppMenu {
            title: qsTr("&Colour by")
            Repeater {
                model: bar.colorModes
                delegate: AppMenuItem {
                    required property var modelData
                    text: modelData[1]
                    checkable: true
                    checked: bar.sceneController.colorMode === modelData[0]
                    onTriggered: bar.sceneController.colorMode = modelData[0]
                }
            }
        }
        AppMenuItem {
            text: qsTr("&Network (DCN switches, site routers, WAN)")
            checkable: true
            checked: bar.sceneController.showNetwork
            onTriggered: bar.sceneController.showNetwork = checked
        }
        AppMenuItem {
            text: qsTr("&Optical links of the selected job")
            checkable: true
            checked: bar.sceneController.showOptical
            onTriggered: bar.sceneController.showOptical = checked
        }
        AppMenuItem {
            text: qsTr("Every &chip (slow on big pods)")
            checkable: true
            checked: bar.sceneController.showChips
            onTriggered: bar.sceneController.showChips = checked
        }
        AppMenuItem {
            objectName: "smoothEdgesItem"
            text: qsTr("&Smooth edges (slower without a GPU)")
            checkable: true
            checked: bar.settings.smoothEdges
            onTriggered: bar.settings.smoothEdges = checked
        }
        MenuSeparator {}
        AppMenu {
            title: qsTr("&Theme")
            Repeater {
                model: [["system", qsTr("Follow the &system")], ["light", qsTr("&Light")], ["dark", qsTr("&Dark")]]
                delegate: AppMenuItem {
                    required property var modelData
                    objectName: "theme_" + modelData[0]
                    text: modelData[1]
                    checkable: true
                    checked: Theme.mode === modelData[0]
                    onTriggered: Theme.mode = modelData[0]
                }
            }
        }
    }
    AppMenu {
        title: qsTr("&Help")
        AppMenuItem { action: bar.actions.userGuide }
        AppMenuItem { action: bar.actions.shortcuts }
        AppMenuItem { action: bar.actions.about }
    }
}
