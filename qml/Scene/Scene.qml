import QtQuick
import QtQuick.Controls
import QtQuick3D
import QtQuick3D.Helpers
import PodPlanner.Views

// The 3D view: one instanced draw of boxes (racks or chips), torus links and wraparound arcs.
// Orbit with the left button, pan with the right, zoom with the wheel; hover shows what is there.
Item {
    id: root
    required property SceneController controller
    property alias view3d: view
    property string hoverText: ""
    property bool interactive: true // false for `podplanner render`: no hover tooltip
    // Multisampled edges (View › Smooth edges; always in exported pictures). The 3D scene is
    // then drawn into a texture first, which software GL pays for (docs/scene.md, "Limits").
    property bool smoothEdges: false
    // Where smooth edges are off, still multisample the picture while the camera rests: a
    // still picture needs no frame rate, and motion keeps the fast path (the main window).
    property bool smoothWhenStill: false
    property bool cameraStill: true
    readonly property bool drawSmooth: smoothEdges || (smoothWhenStill && cameraStill)
    // While a menu opened from the scene is up (its overlay takes the pointer without a leave,
    // and a hover at the same point may follow the click), no hover label.
    property bool hoverSuppressed: false
    // The dark theme darkens the floor; pictures for reports and `render` stay light (print).
    readonly property bool darkScene: root.interactive && Theme.dark
    Binding { target: root.controller; property: "darkBackground"; value: root.darkScene }
    Binding { target: root.controller; property: "thickLinks"; value: root.smoothEdges }
    // Where the user is looking (File › Export image draws the same view at another size).
    readonly property vector3d pivotRotation: pivot.eulerRotation
    readonly property vector3d cameraPosition: camera.position

    // Far enough for the whole floor from any zoom (the floor of a two-site cluster is 100+ m).
    readonly property real farPlane: Math.max(root.controller.extent, 200) * 20
    // The point the camera orbits: the scene's middle, or the selection after "fit".
    property vector3d lookAt: controller.center
    // Whether the camera still frames what a preset or "fit all" chose: then a resize of the
    // view (the first layout, a moved splitter) frames the scene again; a drag by the user ends
    // it. `framing` tells our own camera moves from the user's.
    property bool autoFramed: true
    property bool framing: false
    function cameraPreset(name) {
        framing = true
        pivot.eulerRotation = name === "top" ? Qt.vector3d(-89, 0, 0)
                            : name === "front" ? Qt.vector3d(0, 0, 0)
                            : Qt.vector3d(-30, -35, 0)
        framing = false
        fitAll()
    }
    // Frames everything drawn from where the camera looks now (View › Fit all, Home): the
    // distance that keeps every corner in view, then the pivot moved sideways so that the
    // picture is centred left to right (a near corner projects larger than a far one), three
    // times over.
    function fitAll() {
        framing = true
        lookAt = root.controller.center
        camera.eulerRotation = Qt.vector3d(0, 0, 0)
        for (let pass = 0; pass < 3; ++pass) {
            const frame = fitFrame()
            camera.position = Qt.vector3d(0, 0, frame.distance)
            lookAt = lookAt.plus(pivot.mapDirectionToScene(frame.shift))
        }
        camera.position = Qt.vector3d(0, 0, fitFrame().distance)
        framing = false
        autoFramed = true
    }
    // A corner q of the scene's box (in the pivot's frame, the camera on its +z axis looking
    // back at it) is in view at distance d when d >= q.z + |q.x| / tan(horizontal half angle),
    // and the same for y and the vertical one. `shift` moves the pivot to centre the picture.
    function fitFrame() {
        const lo = controller.boundsMin, hi = controller.boundsMax
        const tanV = Math.tan(camera.fieldOfView * Math.PI / 360)
        const tanH = tanV * Math.max(view.width, 1) / Math.max(view.height, 1)
        const corners = []
        let d = 0
        for (let i = 0; i < 8; ++i) {
            const q = pivot.mapPositionFromScene(Qt.vector3d(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y,
                                                             i & 4 ? hi.z : lo.z))
            corners.push(q)
            d = Math.max(d, q.z + Math.abs(q.x) / tanH, q.z + Math.abs(q.y) / tanV)
        }
        d = Math.max(d * 1.04, 100) // a margin, so that nothing touches the edge
        let left = 1, right = -1, bottom = 1, top = -1
        for (const q of corners) {
            const u = q.x / ((d - q.z) * tanH), v = q.y / ((d - q.z) * tanV)
            left = Math.min(left, u); right = Math.max(right, u)
            bottom = Math.min(bottom, v); top = Math.max(top, v)
        }
        // Sideways only: the view's x axis is level, so the pivot stays at the scene's middle
        // height (a vertical shift would sink it under the floor in a tilted view).
        return { distance: d, shift: Qt.vector3d((left + right) / 2 * d * tanH, 0, 0) }
    }
    // Frames the selected racks: orbits around them from a distance that shows them all.
    function fitSelection() {
        const b = controller.selectionBounds()
        if (b.center === undefined)
            return false
        framing = true
        lookAt = b.center
        camera.position = Qt.vector3d(0, 0, Math.max(b.radius * 2.6, 250))
        camera.eulerRotation = Qt.vector3d(0, 0, 0)
        framing = false
        autoFramed = false
        return true
    }
    onWidthChanged: if (autoFramed) Qt.callLater(fitAll)
    onHeightChanged: if (autoFramed) Qt.callLater(fitAll)
    Component.onCompleted: cameraPreset("iso")
    Connections {
        target: root.controller
        function onDocumentChanged() { root.cameraPreset("iso") }
        function onViewChanged() { root.cameraPreset("iso") }
    }

    View3D {
        id: view
        anchors.fill: parent
        // Drawn straight into the window under the Qt Quick items, not into a texture first:
        // under software GL this is 2-3x the frame rate (docs/scene.md, "Screenshots and speed").
        // Multisampling needs the texture.
        renderMode: root.drawSmooth ? View3D.Offscreen : View3D.Underlay
        camera: camera
        environment: SceneEnvironment {
            clearColor: root.darkScene ? "#1b1d20" : "#f4f6f8"
            backgroundMode: SceneEnvironment.Color
            antialiasingMode: root.drawSmooth ? SceneEnvironment.MSAA : SceneEnvironment.NoAA
            antialiasingQuality: SceneEnvironment.High // 4 samples
        }
        Node {
            id: pivot
            objectName: "pivot"
            position: root.lookAt
            PerspectiveCamera {
                id: camera
                objectName: "camera"
                clipNear: 5
                clipFar: root.farPlane
            }
        }
        DirectionalLight {
            eulerRotation: Qt.vector3d(-50, -30, 0)
            ambientColor: Qt.rgba(0.55, 0.55, 0.55, 1)
            brightness: 0.8
        }
        Model {
            objectName: "boxes"
            geometry: ShadedBox {}
            instancing: root.controller.boxes
            // Shades baked into the faces; no per-pixel lighting (frame rate, docs/scene.md).
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; vertexColorsEnabled: true }
        }
        // Lines carry their own colours (links by utilization, power rows, optical links).
        // In the physical view these hold the selected job's links between the chips drawn up
        // close (none from afar).
        Model {
            objectName: "torusLinks"
            geometry: root.controller.links
            // Drawn as crossed strips: both faces of each.
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; vertexColorsEnabled: true; cullMode: Material.NoCulling }
        }
        Model {
            geometry: root.controller.arcs
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; vertexColorsEnabled: true; cullMode: Material.NoCulling }
        }
        Model {
            objectName: "floorGrid"
            geometry: root.controller.floorGrid
            visible: root.controller.view === "physical"
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; vertexColorsEnabled: true }
        }
        Model {
            geometry: root.controller.floorLines
            visible: root.controller.view === "physical"
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; vertexColorsEnabled: true }
        }
        Model {
            geometry: root.controller.selectionLines
            visible: root.controller.view === "physical"
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; vertexColorsEnabled: true }
        }
        Model {
            geometry: root.controller.network
            visible: root.controller.view === "physical"
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; vertexColorsEnabled: true }
        }
        Model {
            geometry: root.controller.optical
            visible: root.controller.view === "physical"
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; vertexColorsEnabled: true }
        }
    }

    FloorLabels {
        objectName: "floorLabels"
        anchors.fill: parent
        visible: root.floorLabelsShown && root.controller.view === "physical"
        controller: root.controller
        view: view
        camera: camera
        pivot: pivot
        dark: root.darkScene
        legend: legendPanel
        obstacles: root.floorLabelObstacles
    }

    // Level of detail follows the camera: a moment after it stops moving, the controller hears
    // where it is and looks, and draws the chips of the racks there if it is close.
    function reportCamera() {
        root.controller.setCameraRay(camera.scenePosition, camera.forward)
    }
    Timer {
        id: cameraSettled
        interval: 120
        onTriggered: root.reportCamera()
    }
    Timer {
        id: cameraResting
        interval: 400
        onTriggered: root.cameraStill = true
    }
    // The camera moves (the user's orbit or our own framing): the level of detail waits for it
    // to settle, and smooth edges for it to rest.
    function cameraStirred() {
        cameraSettled.restart()
        root.cameraStill = false
        cameraResting.restart()
    }
    function cameraMoved() {
        if (!framing)
            autoFramed = false
        cameraStirred()
    }
    Connections {
        target: camera
        function onScenePositionChanged() { root.cameraStirred() }
        function onPositionChanged() { root.cameraMoved() }
    }
    Connections {
        target: pivot
        function onEulerRotationChanged() { root.cameraMoved() }
    }

    OrbitCameraController {
        anchors.fill: parent
        origin: pivot
        camera: camera
    }
    // OrbitCameraController resets the clip planes to 1..10000 (100 m) whenever the camera
    // moves, which cuts off large floors; ours are put back once its handler has run.
    function restoreClipPlanes() {
        camera.clipNear = 5
        camera.clipFar = root.farPlane
    }
    Connections {
        target: camera
        function onZChanged() { Qt.callLater(root.restoreClipPlanes) }
    }
    onFarPlaneChanged: Qt.callLater(root.restoreClipPlanes)

    // A click selects what is under the pointer; a right click asks to fail or repair it.
    signal picked(var hit, bool add)
    signal contextRequested(var hit, point at)
    function hitAt(p) {
        const near = view.mapTo3DScene(Qt.vector3d(p.x, p.y, 0))
        const far = view.mapTo3DScene(Qt.vector3d(p.x, p.y, 1000))
        return root.controller.pickRay(near, far.minus(near))
    }
    TapHandler {
        id: tap
        enabled: root.interactive
        acceptedButtons: Qt.LeftButton | Qt.RightButton
        onTapped: (eventPoint, button) => {
            root.hoverText = ""
            const hit = root.hitAt(eventPoint.position)
            if (hit.label === undefined)
                return
            if (button === Qt.RightButton)
                root.contextRequested(hit, eventPoint.position)
            else
                root.picked(hit, (tap.point.modifiers & Qt.ShiftModifier) !== 0)
        }
    }

    // Shift-drag draws a rectangle; the racks inside it join the selection.
    DragHandler {
        id: rubberBand
        enabled: root.interactive
        target: null
        acceptedModifiers: Qt.ShiftModifier
        acceptedButtons: Qt.LeftButton
        grabPermissions: PointerHandler.CanTakeOverFromAnything
        onActiveChanged: {
            if (active || !root.interactive)
                return
            const r = band.rect()
            const picked = []
            for (const c of root.controller.rackCenters()) {
                const p = view.mapFrom3DScene(c.center)
                if (p.z > 0 && p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height)
                    picked.push(c.rack)
            }
            root.controller.selectRacks(picked, true)
        }
    }
    Rectangle {
        id: band
        function rect() {
            const a = rubberBand.centroid.pressPosition, b = rubberBand.centroid.position
            return Qt.rect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(a.x - b.x), Math.abs(a.y - b.y))
        }
        visible: rubberBand.active
        x: rect().x
        y: rect().y
        width: rect().width
        height: rect().height
        color: "#33f9ab00"
        border.color: "#f9ab00"
    }

    // The label goes when the pointer leaves the view, and when a click opens a menu or selects
    // (the menu's overlay takes the pointer without a leave). Qt 6.4's HoverHandler can stay
    // "hovered" when the pointer moves onto a neighbouring panel; a MouseArea's hover leave is
    // reliable, so it decides whether the pointer is still here.
    MouseArea {
        id: presence
        anchors.fill: parent
        z: 10 // over the view: hover reaches the topmost item first
        hoverEnabled: root.interactive
        acceptedButtons: Qt.NoButton
        onContainsMouseChanged: if (!containsMouse) root.hoverText = ""
    }
    HoverHandler {
        id: hover
        onHoveredChanged: if (!hovered) root.hoverText = ""
        onPointChanged: {
            if (!hover.hovered || !root.interactive || root.hoverSuppressed)
                return
            const hit = root.hitAt(hover.point.position)
            root.hoverText = hit.label === undefined ? "" : hit.label
        }
    }

    Rectangle {
        objectName: "hoverLabel"
        visible: root.interactive && !root.hoverSuppressed && root.hoverText.length > 0 && hover.hovered
                 && presence.containsMouse
        x: Math.min(hover.point.position.x + 14, root.width - width - 4)
        y: Math.min(hover.point.position.y + 14, root.height - height - 4)
        width: tip.implicitWidth + 12
        height: tip.implicitHeight + 8
        color: "#202124"
        radius: 3
        opacity: 0.92
        Text { id: tip; objectName: "hoverText"; anchors.centerIn: parent; text: root.hoverText; color: "white"; font.pixelSize: 12 }
    }

    // The legend of the current colour mode (SceneLegend.qml).
    property alias legendCollapsed: legendPanel.collapsed
    property bool legendShown: true // a report prints the legend as text instead
    property bool floorLabelsShown: true // and leaves out the row names (unreadable in print)
    // Items over the view (besides the legend) that the row names keep clear of.
    property list<Item> floorLabelObstacles
    SceneLegend {
        id: legendPanel
        objectName: "legendPanel"
        visible: root.legendShown
        anchors { right: parent.right; top: parent.top; margins: Theme.gap }
        controller: root.controller
        dark: root.darkScene
    }
}
