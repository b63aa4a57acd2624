import QtQuick
import QtQuick.Controls
import PodPlanner.Views

// The 3D view's context menu: fail or repair what is under the pointer (a chip, one of its
// links, its host, an OCS switch, the cube or OCS rack, the power row), schedule maintenance of
// the power row, or place the selected job on the selected cubes.
AppMenu {
    id: menu
    objectName: "sceneMenu"
    required property ProjectDocument document
    required property Action placeOnSelection
    required property Action sparesOnSelection
    // What the pointer was on (SceneController's pick): chip, host, rack, ocs, powerRow, ...
    property var hit: ({})
    signal maintenanceRequested(int powerRow)

    AppMenuItem {
        text: (menu.document.isComponentFailed("chip", menu.hit.chip ?? -1) ? qsTr("Repair %1") : qsTr("Fail %1")).arg(menu.document.componentName("chip", menu.hit.chip ?? -1))
        visible: menu.hit.chip !== undefined && menu.hit.chip >= 0
        height: visible ? implicitHeight : 0
        onTriggered: menu.document.setComponentFailed("chip", menu.hit.chip, !menu.document.isComponentFailed("chip", menu.hit.chip ?? -1))
    }
    AppMenu {
        id: linksMenu
        objectName: "chipLinksMenu"
        title: enabled ? qsTr("Fail or repair a link of chip %1").arg(menu.hit.chip)
                       : qsTr("Links (point at a chip: come closer, or the logical view)")
        enabled: menu.hit.chip !== undefined && menu.hit.chip >= 0
        Instantiator {
            model: linksMenu.enabled ? menu.document.linksOfChip(menu.hit.chip) : []
            delegate: AppMenuItem {
                required property var modelData
                objectName: "linkItem" + modelData.index
                text: (modelData.failed ? qsTr("Repair ") : qsTr("Fail ")) + modelData.label
                onTriggered: menu.document.setComponentFailed("link", modelData.index, !modelData.failed)
            }
            onObjectAdded: (index, object) => linksMenu.insertItem(index, object)
            onObjectRemoved: (index, object) => linksMenu.removeItem(object)
        }
    }
    AppMenuItem {
        objectName: "failHostItem"
        text: (menu.document.isComponentFailed("host", menu.hit.host ?? -1) ? qsTr("Repair %1 (its tray of chips)") : qsTr("Fail %1 (its tray of chips)")).arg(menu.document.componentName("host", menu.hit.host ?? -1))
        visible: menu.hit.host !== undefined && menu.hit.host >= 0
        height: visible ? implicitHeight : 0
        onTriggered: menu.document.setComponentFailed("host", menu.hit.host, !menu.document.isComponentFailed("host", menu.hit.host ?? -1))
    }
    AppMenuItem {
        objectName: "failOcsItem"
        readonly property var ocs: menu.hit.ocs === true ? menu.document.healthyOcsOfRack(menu.hit.rack) : -1
        text: qsTr("Fail %1 (one switch of this rack)").arg(menu.document.componentName("ocs", ocs))
        visible: ocs >= 0
        height: visible ? implicitHeight : 0
        onTriggered: menu.document.setComponentFailed("ocs", ocs, true)
    }
    AppMenuItem {
        objectName: "failRackItem"
        visible: menu.hit.rack !== undefined
        height: visible ? implicitHeight : 0
        text: (menu.document.isComponentFailed("rack", menu.hit.rack ?? -1) ? qsTr("Repair %1") : qsTr("Fail %1")).arg(menu.document.componentName("rack", menu.hit.rack ?? -1))
        onTriggered: menu.document.setComponentFailed("rack", menu.hit.rack, !menu.document.isComponentFailed("rack", menu.hit.rack ?? -1))
    }
    AppMenuItem {
        text: (menu.document.isComponentFailed("powerRow", menu.hit.powerRow ?? -1) ? qsTr("Repair power row %1") : qsTr("Fail power row %1")).arg(menu.hit.powerRow)
        visible: menu.hit.powerRow !== undefined
        height: visible ? implicitHeight : 0
        onTriggered: menu.document.setComponentFailed("powerRow", menu.hit.powerRow, !menu.document.isComponentFailed("powerRow", menu.hit.powerRow ?? -1))
    }
    MenuSeparator {}
    AppMenuItem {
        objectName: "scheduleMaintenanceItem"
        text: qsTr("Schedule maintenance of power row %1…").arg(menu.hit.powerRow)
        visible: menu.hit.powerRow !== undefined
        height: visible ? implicitHeight : 0
        onTriggered: menu.maintenanceRequested(menu.hit.powerRow)
    }
    AppMenuItem {
        objectName: "placeOnSelectionItem"
        text: qsTr("Place %1 on the selected cubes").arg(menu.document.jobSettings.name || "")
        enabled: menu.placeOnSelection.enabled
        onTriggered: menu.placeOnSelection.trigger()
    }
    AppMenuItem {
        objectName: "sparesOnSelectionItem"
        text: qsTr("Hold the selected cubes as spares of %1").arg(menu.document.jobSettings.name || "")
        enabled: menu.sparesOnSelection.enabled
        onTriggered: menu.sparesOnSelection.trigger()
    }
}
