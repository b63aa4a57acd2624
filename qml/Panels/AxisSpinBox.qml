import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// A mesh axis of the selected job. Mesh axes step through the divisors of the job's chips (the
// only sizes that can tile it); the data-parallel axis absorbs the change. Held down, the
// steps merge into one undo step.
RowLayout {
    id: root
    required property ProjectDocument document
    required property string axis
    property string help
    readonly property var settings: document.jobSettings
    readonly property bool meshAxis: axis !== "microbatches" && axis !== "virtual_stages"
    readonly property var choices: {
        const out = []
        const n = meshAxis ? Number(settings.chips || 0) : 512
        for (let v = 1; v <= n && out.length < 4096; ++v)
            if (!meshAxis || n % v === 0)
                out.push(v)
        return out.length ? out : [1]
    }
    function sync() {
        const current = Number(settings[axis] || 1)
        let best = 0
        for (let i = 0; i < choices.length; ++i)
            if (Math.abs(choices[i] - current) < Math.abs(choices[best] - current))
                best = i
        spin.value = best
    }
    Connections {
        target: root.document
        function onJobSettingsChanged() { root.sync() }
    }
    onChoicesChanged: sync()
    Component.onCompleted: sync()

    Label { text: root.axis; Layout.preferredWidth: 92; font.pixelSize: 12 }
    SpinBox {
        id: spin
        objectName: "axis_" + root.axis
        Layout.fillWidth: true
        from: 0
        to: root.choices.length - 1
        editable: true
        textFromValue: v => String(root.choices[Math.max(0, Math.min(v, root.choices.length - 1))])
        valueFromText: text => {
            const want = parseInt(text)
            let best = 0
            for (let i = 0; i < root.choices.length; ++i)
                if (Math.abs(root.choices[i] - want) < Math.abs(root.choices[best] - want))
                    best = i
            return best
        }
        onValueModified: root.document.setMeshAxis(root.document.selectedJob, root.axis, root.choices[value])
        ToolTip.visible: hovered && root.help.length > 0
        ToolTip.text: root.help
        ToolTip.delay: 500
    }
}
