import QtQuick
import QtQuick3D
import PodPlanner.Views

// Rows and power rows named left of the floor (SceneController.floorLabels): 2D labels that
// follow the camera, shown when in front of it, inside the view, and clear of the label before
// and of the overlays (zoom in to read them all).
Item {
    id: floorLabels
    required property SceneController controller
    required property View3D view
    required property Node camera
    required property Node pivot
    property bool dark: false
    // Items over the view the names keep clear of: the legend and any others.
    required property Item legend
    property list<Item> obstacles

    // Where a floor point is drawn; asked again whenever the camera or the view moves.
    function project(position) {
        camera.scenePosition; pivot.eulerRotation; pivot.position; view.width; view.height
        return view.mapFrom3DScene(position)
    }
    // Whether a label at (x, y) of this size stays clear of the obstacles.
    function clearOfOverlays(x, y, w, h) {
        const items = [legend]
        for (let i = 0; i < obstacles.length; ++i)
            items.push(obstacles[i])
        for (const item of items) {
            if (!item.visible)
                continue
            const p = item.mapToItem(floorLabels, 0, 0)
            if (x < p.x + item.width && p.x < x + w && y < p.y + item.height && p.y < y + h)
                return false
        }
        return true
    }
    Repeater {
        model: floorLabels.visible ? floorLabels.controller.floorLabels : []
        delegate: Rectangle {
            id: floorLabel
            required property var modelData
            required property int index
            readonly property vector3d at: floorLabels.project(modelData.position)
            readonly property real gap: {
                if (index === 0)
                    return 1e9
                const before = floorLabels.project(floorLabels.controller.floorLabels[index - 1].position)
                return Math.hypot(at.x - before.x, at.y - before.y)
            }
            visible: at.z > 0 && at.x > width && at.y >= 0 && at.x < floorLabels.width
                     && at.y < floorLabels.height && gap > height
                     && floorLabels.clearOfOverlays(x, y, width, height)
            x: at.x - width
            y: at.y - height / 2
            width: floorText.implicitWidth + 8
            height: floorText.implicitHeight + 2
            radius: 3
            color: floorLabels.dark ? "#b32d2f32" : "#b3ffffff"
            Text {
                id: floorText
                anchors.centerIn: parent
                text: floorLabel.modelData.text
                font.pixelSize: 10
                color: floorLabels.dark ? "#dadce0" : "#3c4043"
            }
        }
    }
}
