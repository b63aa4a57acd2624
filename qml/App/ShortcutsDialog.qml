import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Help › Keyboard shortcuts: every action of the window that has one, and the keys of the 3D
// view, in one table.
Dialog {
    id: dialog
    objectName: "shortcutsDialog"
    // The window's actions by name (Main.qml's `actions`).
    required property var actions
    title: qsTr("Keyboard shortcuts")
    standardButtons: Dialog.Close
    modal: true
    width: 520

    // Table cells, two a row: what it does (an action's `shortcutName` where its text changes,
    // as Undo's does), then its keys as the platform writes them.
    readonly property var cells: {
        const out = []
        for (const name in actions) {
            const a = actions[name]
            const keys = a ? KeyText.native(a.shortcut) : ""
            if (keys.length > 0)
                out.push({ text: (a.shortcutName || a.text).replace(/&(?!&)/g, "") },
                         { text: keys })
        }
        const scene = [[qsTr("Select a rack; add it to the selection"), qsTr("Click, Shift+Click")],
                       [qsTr("Select the racks in a rectangle"), qsTr("Shift+Drag")],
                       [qsTr("Orbit, pan and zoom the 3D view"), qsTr("Drag, Right-drag, Wheel")],
                       [qsTr("Fail or repair what is under the pointer"), qsTr("Right-click")]]
        for (const row of scene)
            out.push({ text: row[0] }, { text: row[1] })
        return out
    }

    ScrollView {
        anchors.fill: parent
        implicitHeight: Math.min(table.implicitHeight, 480)
        contentWidth: availableWidth
        GridLayout {
            id: table
            objectName: "shortcutsTable"
            width: parent.width
            columns: 2
            columnSpacing: Theme.gapHuge
            rowSpacing: Theme.gapSmall
            Repeater {
                model: dialog.cells
                delegate: Label {
                    required property var modelData
                    required property int index
                    Layout.fillWidth: index % 2 === 0
                    text: modelData.text
                    font.bold: index % 2 === 1
                }
            }
        }
    }
}
