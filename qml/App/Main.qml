import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import PodPlanner.Views
import PodPlanner.Scene
import PodPlanner.Panels

// The main window: menus and toolbar; the cluster tree, the 3D scene and the inspector side by
// side; the dashboard, jobs and cluster summary below. Every edit goes through the document's
// undo stack and the engines rerun on a worker thread.
ThemedWindow {
    id: window
    required property ProjectDocument document
    required property AppSettings settings
    // Set by the application (tests without one skip crash recovery).
    property Autosaver autosave: null

    // The window comes back where the user left it.
    x: settings.windowGeometry.x
    y: settings.windowGeometry.y
    width: settings.windowGeometry.width
    height: settings.windowGeometry.height
    minimumWidth: 1024
    minimumHeight: 640
    visible: true
    title: (document.loaded ? (document.modified ? "• " : "") + document.displayName + " — " : "") + "PodPlanner"

    property bool closeConfirmed: false
    // Scene colour modes (SceneController / ChipColoring) and how the menus name them.
    readonly property var colorModes: [
        ["job", qsTr("Job")], ["health", qsTr("Health")],
        ["tp", qsTr("tp group")], ["fsdp", qsTr("fsdp group")], ["dp", qsTr("dp group")],
        ["pp", qsTr("pp stage group")], ["ep", qsTr("ep group")], ["cp", qsTr("cp group")],
        ["host", qsTr("Host (failure domain)")], ["rack", qsTr("Rack / cube (failure domain)")],
        ["powerRow", qsTr("Power row (failure domain)")], ["utilization", qsTr("Link utilization")]]
    onClosing: close => {
        settings.windowGeometry = Qt.rect(x, y, width, height)
        settings.lastView = sceneController.view
        settings.setSplitState("side", sideSplit.saveState())
        settings.setSplitState("bottom", bottomSplit.saveState())
        if (document.modified && !closeConfirmed) {
            close.accepted = false
            unsavedDialog.afterSave = () => { window.closeConfirmed = true; window.close() }
            unsavedDialog.open()
        }
    }

    SceneController {
        id: sceneController
        document: window.document
        view: window.settings.lastView
    }

    function openPath(path) {
        if (document.load(path))
            settings.addRecentFile(document.filePath)
    }
    function save() {
        if (document.filePath.length === 0) {
            saveDialog.show()
            return false
        }
        return document.save()
    }
    // Runs `action` once unsaved changes are saved or discarded.
    function whenSaved(action) {
        if (!document.modified) {
            action()
            return
        }
        unsavedDialog.afterSave = action
        unsavedDialog.open()
    }

    // Actions live on the window so that their shortcuts work while the menus are closed.
    Action { id: newAction; text: qsTr("&New…"); shortcut: StandardKey.New; onTriggered: window.whenSaved(() => newDialog.open()) }
    Action { id: openAction; text: qsTr("&Open…"); shortcut: StandardKey.Open; onTriggered: window.whenSaved(() => openDialog.show()) }
    Action { id: saveAction; text: qsTr("&Save"); shortcut: StandardKey.Save; enabled: document.loaded; onTriggered: window.save() }
    Action { id: saveAsAction; text: qsTr("Save &As…"); shortcut: "Ctrl+Shift+S"; enabled: document.loaded; onTriggered: saveDialog.show() }
    Action { id: exportReportAction; text: qsTr("Export &report…"); shortcut: "Ctrl+E"; enabled: document.loaded; onTriggered: exports.exportReport() }
    Action { id: exportImageAction; text: qsTr("Export &image…"); shortcut: "Ctrl+Shift+E"; enabled: document.loaded; onTriggered: exports.exportImage() }
    Action { id: quitAction; text: qsTr("&Quit"); shortcut: StandardKey.Quit; onTriggered: window.close() }
    Action {
        id: undoAction
        readonly property string shortcutName: qsTr("Undo")
        text: document.canUndo ? qsTr("&Undo %1").arg(document.undoText) : qsTr("&Undo")
        shortcut: StandardKey.Undo
        enabled: document.canUndo
        onTriggered: document.undo()
    }
    Action {
        id: redoAction
        readonly property string shortcutName: qsTr("Redo")
        text: document.canRedo ? qsTr("&Redo %1").arg(document.redoText) : qsTr("&Redo")
        shortcut: "Ctrl+Shift+Z"
        enabled: document.canRedo
        onTriggered: document.redo()
    }
    Action { id: repairAction; text: qsTr("Repair &everything"); enabled: document.failures.length > 0; onTriggered: document.repairAll() }
    Action { id: addJobAction; text: qsTr("&Add job…"); shortcut: "Ctrl+J"; enabled: document.loaded; onTriggered: addJobDialog.open() }
    Action { id: sweepAction; text: qsTr("S&weep…"); shortcut: "Ctrl+Shift+W"; enabled: document.loaded; onTriggered: sweepDialog.open() }
    Action { id: pinBaselineAction; text: qsTr("Pin as &baseline"); shortcut: "Ctrl+B"; enabled: document.loaded; onTriggered: document.pinBaseline() }
    Action { id: compareAction; text: qsTr("&Compare with baseline…"); shortcut: "Ctrl+Shift+B"; enabled: document.baseline.job !== undefined; onTriggered: compareDialog.open() }
    Action { id: chipEconomicsAction; text: qsTr("Chip &price and power…"); enabled: document.loaded; onTriggered: chipEconomicsDialog.open() }
    Action { id: renameJobAction; text: qsTr("Re&name job…"); shortcut: "F2"; enabled: document.loaded; onTriggered: renameJobDialog.open() }
    Action { id: duplicateJobAction; text: qsTr("&Duplicate job"); shortcut: "Ctrl+D"; enabled: document.loaded; onTriggered: document.duplicateJob(document.selectedJob) }
    Action { id: removeJobAction; text: qsTr("&Remove job"); enabled: document.loaded; onTriggered: document.removeJob(document.selectedJob) }
    Action { id: sizeAction; text: qsTr("Si&ze…"); shortcut: "Ctrl+Shift+P"; enabled: document.loaded; onTriggered: sizeDialog.open() }
    Action { id: autoPlanAction; text: qsTr("Auto-&plan…"); shortcut: "Ctrl+P"; enabled: document.loaded; onTriggered: autoPlan.open() }
    Action { id: fitAllAction; text: qsTr("Fit &all"); shortcut: "Home"; enabled: document.loaded; onTriggered: scene.fitAll() }
    Action { id: fitAction; text: qsTr("&Fit to selection"); shortcut: "F"; enabled: sceneController.selectedRacks.length > 0; onTriggered: scene.fitSelection() }
    Action { id: clearSelectionAction; text: qsTr("Clear selection"); shortcut: "Esc"; enabled: sceneController.selectedRacks.length > 0; onTriggered: sceneController.clearSelection() }
    Action {
        id: placeOnSelectionAction
        text: qsTr("Place on &selected cubes")
        enabled: document.loaded && !document.jobSettings.gpu && sceneController.selectedRacks.length > 0
        onTriggered: document.placeOnCubes(document.selectedJob, sceneController.selectedRacks)
    }
    Action {
        id: sparesOnSelectionAction
        text: qsTr("Hold selected cubes as its &spares")
        enabled: document.loaded && !document.jobSettings.gpu && sceneController.selectedRacks.length > 0
        onTriggered: document.setSpareCubes(document.selectedJob, sceneController.selectedRacks)
    }
    Action { id: maintenanceAction; text: qsTr("Schedule &maintenance…"); enabled: document.loaded; onTriggered: maintenanceDialog.openFor(inspector.hit.powerRow ?? 0) }
    Action { id: exportLaunchAction; text: qsTr("Export &launch config…"); enabled: document.loaded; onTriggered: launchConfigs.exportConfig() }
    Action { id: importLaunchAction; text: qsTr("Import launch con&fig…"); enabled: document.loaded; onTriggered: launchConfigs.importConfig() }
    Action { id: csvDashboardAction; text: qsTr("&Dashboard…"); enabled: document.loaded; onTriggered: exports.exportCsv("dashboard") }
    Action { id: csvPlanAction; text: qsTr("&Plan results…"); enabled: document.loaded; onTriggered: exports.exportCsv("plan") }
    Action { id: csvMonteCarloAction; text: qsTr("&Monte Carlo percentiles…"); enabled: document.loaded; onTriggered: exports.exportCsv("montecarlo") }
    Action { id: userGuideAction; text: qsTr("&User guide"); shortcut: "F1"; onTriggered: userGuideDialog.open() }
    Action { id: shortcutsAction; text: qsTr("&Keyboard shortcuts"); shortcut: "Ctrl+F1"; onTriggered: shortcutsDialog.open() }
    Action { id: aboutAction; text: qsTr("&About PodPlanner"); onTriggered: aboutDialog.open() }
    Action { id: physicalAction; text: qsTr("&Physical"); shortcut: "Ctrl+1"; onTriggered: sceneController.view = "physical" }
    Action { id: logicalAction; text: qsTr("&Logical (torus)"); shortcut: "Ctrl+2"; onTriggered: sceneController.view = "logical" }
    // The actions by name, for the menus and the shortcuts table.
    readonly property var actions: ({
        newProject: newAction, open: openAction, save: saveAction, saveAs: saveAsAction,
        exportReport: exportReportAction, exportImage: exportImageAction,
        exportLaunchConfig: exportLaunchAction, importLaunchConfig: importLaunchAction,
        exportCsvDashboard: csvDashboardAction, exportCsvPlan: csvPlanAction,
        exportCsvMonteCarlo: csvMonteCarloAction, quit: quitAction, undo: undoAction,
        redo: redoAction, repairAll: repairAction, addJob: addJobAction,
        renameJob: renameJobAction, duplicateJob: duplicateJobAction, chipEconomics: chipEconomicsAction,
        pinBaseline: pinBaselineAction, compare: compareAction, sweep: sweepAction,
        removeJob: removeJobAction, autoPlan: autoPlanAction, size: sizeAction,
        placeOnSelection: placeOnSelectionAction, sparesOnSelection: sparesOnSelectionAction,
        maintenance: maintenanceAction, physical: physicalAction, logical: logicalAction,
        fitAll: fitAllAction, fitSelection: fitAction, clearSelection: clearSelectionAction,
        userGuide: userGuideAction, shortcuts: shortcutsAction, about: aboutAction
    })

    menuBar: MainMenuBar {
        actions: window.actions
        settings: window.settings
        sceneController: sceneController
        colorModes: window.colorModes
        onRecentFileChosen: path => window.whenSaved(() => window.openPath(path))
    }

    header: MainToolBar {
        document: window.document
        sceneController: sceneController
        colorModes: window.colorModes
        exportMessage: exports.message
        onCameraPresetChosen: name => scene.cameraPreset(name)
        onFitAllChosen: scene.fitAll()
    }

    // Return in a file dialog's File name field accepts it (Qt 6.4's waits for a click).
    FileDialogKeys { window: window }

    ProjectFileDialog {
        id: openDialog
        objectName: "openDialog"
        document: window.document
        title: qsTr("Open a PodPlanner project")
        nameFilters: [qsTr("PodPlanner projects (*.podplanner *.json)"), qsTr("All files (*)")]
        onAccepted: window.openPath(selectedFile.toString())
    }
    ProjectFileDialog {
        id: saveDialog
        objectName: "saveDialog"
        document: window.document
        title: qsTr("Save the project as")
        fileMode: FileDialog.SaveFile
        defaultSuffix: "podplanner"
        nameFilters: [qsTr("PodPlanner projects (*.podplanner)")]
        onAccepted: {
            if (document.saveAs(selectedFile.toString())) {
                window.settings.addRecentFile(document.filePath)
                if (unsavedDialog.pending) {
                    unsavedDialog.pending = false
                    unsavedDialog.afterSave()
                }
            }
        }
    }
    Dialog {
        id: unsavedDialog
        objectName: "unsavedDialog"
        property var afterSave: () => {}
        property bool pending: false
        anchors.centerIn: parent
        modal: true
        title: qsTr("Unsaved changes")
        width: 420
        standardButtons: Dialog.Save | Dialog.Discard | Dialog.Cancel
        Label {
            width: parent.width
            wrapMode: Text.Wrap
            text: qsTr("%1 has changes that are not saved.").arg(document.displayName)
        }
        onAccepted: {
            if (document.filePath.length === 0) {
                pending = true
                saveDialog.show()
            } else if (document.save()) {
                afterSave()
            }
        }
        onDiscarded: {
            close()
            afterSave()
        }
    }
    AboutDialog { id: aboutDialog; renderer: window.settings.renderer; anchors.centerIn: parent }
    ShortcutsDialog { id: shortcutsDialog; actions: window.actions; anchors.centerIn: parent }
    UserGuideDialog { id: userGuideDialog; anchors.centerIn: parent }
    LaunchConfigDialogs {
        id: launchConfigs
        document: window.document
    }
    ExportDialogs {
        id: exports
        document: window.document
        settings: window.settings
        sceneController: sceneController
        scene: scene
    }
    RecoveryDialog {
        id: recoveryDialog
        autosave: window.autosave
        document: window.document
        anchors.centerIn: parent
        onRestored: original => { if (original.length > 0) settings.addRecentFile(original) }
    }
    Component.onCompleted: {
        // The panels come back the sizes the user left them.
        const side = settings.splitState("side"), bottom = settings.splitState("bottom")
        if (side !== undefined)
            sideSplit.restoreState(side)
        if (bottom !== undefined)
            bottomSplit.restoreState(bottom)
        if (autosave && autosave.recoveries.length > 0)
            recoveryDialog.open()
    }
    NewProjectDialog { id: newDialog; document: window.document; anchors.centerIn: parent }
    AddJobDialog { id: addJobDialog; document: window.document; anchors.centerIn: parent }
    RenameJobDialog { id: renameJobDialog; document: window.document; anchors.centerIn: parent }
    ChipEconomicsDialog { id: chipEconomicsDialog; document: window.document; anchors.centerIn: parent }
    CompareDialog { id: compareDialog; document: window.document; anchors.centerIn: parent }
    SweepDialog { id: sweepDialog; document: window.document; anchors.centerIn: parent }
    AutoPlanDialog { id: autoPlan; document: window.document; anchors.centerIn: parent }
    SizeDialog { id: sizeDialog; document: window.document; anchors.centerIn: parent }

    SceneContextMenu {
        id: sceneMenu
        document: window.document
        placeOnSelection: placeOnSelectionAction
        sparesOnSelection: sparesOnSelectionAction
        onMaintenanceRequested: row => maintenanceDialog.openFor(row)
    }
    MaintenanceDialog { id: maintenanceDialog; document: window.document; anchors.centerIn: parent }

    DropArea {
        anchors.fill: parent
        keys: ["text/uri-list"]
        onDropped: drop => {
            if (drop.hasUrls)
                window.whenSaved(() => window.openPath(drop.urls[0].toString()))
        }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        // Errors keep the current project open and say exactly what was wrong; notices say
        // what an edit did beyond what was asked (a hand-made mapping replaced).
        MessageBanner {
            objectName: "errorBanner"
            Layout.fillWidth: true
            text: document.errorText
            onDismissed: document.clearError()
        }
        MessageBanner {
            objectName: "noticeBanner"
            Layout.fillWidth: true
            error: false
            text: document.noticeText
            onDismissed: document.clearNotice()
        }

        Label {
            objectName: "placeholder"
            visible: !document.loaded
            Layout.fillWidth: true
            Layout.fillHeight: true
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
            text: qsTr("Open a project (Ctrl+O), start a new one (Ctrl+N),\nor drop a .podplanner file here")
            font.pixelSize: 20
            color: Theme.textMuted
        }

        SplitView {
            id: bottomSplit
            visible: document.loaded
            orientation: Qt.Vertical
            Layout.fillWidth: true
            Layout.fillHeight: true

            SplitView {
                id: sideSplit
                orientation: Qt.Horizontal
                SplitView.fillHeight: true
                SplitView.minimumHeight: 220
                ClusterTree {
                    objectName: "clusterTree"
                    document: window.document
                    SplitView.preferredWidth: Math.round(window.width * 0.15)
                    SplitView.minimumWidth: 140
                    // A width remembered from a larger window never squeezes the scene or
                    // pushes the inspector off the window.
                    SplitView.maximumWidth: Math.max(140, Math.round(window.width * 0.35))
                    onRackPicked: (rack, label) => inspector.hit = ({ rack: rack, label: label })
                }
                Scene {
                    id: scene
                    objectName: "scene"
                    controller: sceneController
                    smoothEdges: window.settings.smoothEdges
                    smoothWhenStill: true
                    hoverSuppressed: sceneMenu.visible
                    SplitView.fillWidth: true
                    SplitView.minimumWidth: 300
                    onPicked: (hit, add) => {
                        sceneController.select(hit, add)
                        inspector.hit = hit
                        if (hit.job !== undefined && hit.job >= 0)
                            document.selectedJob = hit.job
                    }
                    onContextRequested: (hit, at) => {
                        inspector.hit = hit
                        sceneMenu.hit = hit
                        sceneMenu.popup()
                    }
                    floorLabelObstacles: [occupancyBadge]
                    OccupancyBadge {
                        id: occupancyBadge
                        document: window.document
                        anchors { left: parent.left; bottom: parent.bottom; margins: Theme.gapMedium }
                    }
                }
                Inspector {
                    id: inspector
                    objectName: "inspector"
                    document: window.document
                    SplitView.preferredWidth: 290
                    SplitView.minimumWidth: 240
                    SplitView.maximumWidth: Math.max(240, Math.round(window.width * 0.35))
                    onAutoPlanRequested: autoPlan.open()
                }
            }

            ColumnLayout {
                SplitView.preferredHeight: Math.max(230, Math.round(window.height * 0.3))
                SplitView.minimumHeight: 170
                spacing: 0
                TabBar {
                    id: bottomTabs
                    Layout.fillWidth: true
                    TabButton { objectName: "dashboardTab"; text: qsTr("Dashboard"); width: implicitWidth + 20 }
                    TabButton { objectName: "jobsTab"; text: qsTr("Jobs"); width: implicitWidth + 20 }
                    TabButton { objectName: "clusterTab"; text: qsTr("Cluster"); width: implicitWidth + 20 }
                }
                StackLayout {
                    currentIndex: bottomTabs.currentIndex
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    Dashboard { objectName: "dashboard"; document: window.document }
                    JobList {
                        objectName: "jobList"
                        jobs: window.document.jobs
                        settings: window.settings
                        selectedJob: window.document.selectedJob
                        onJobClicked: index => window.document.selectedJob = index
                    }
                    SummaryPanel { document: window.document }
                }
            }
        }
    }
}
