import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// A mesh axis of the selected job. Mesh axes step through the divisors of the job's chips (the
// only sizes that can tile it); the data-parallel axis absorbs the change. Held down, the
// steps merge into one undo step. A typed size that cannot be used is refused in place: the
// field is marked, says why, and keeps the typed text until it is fixed or Escape restores
// the job's value. After an accepted edit, a plan the engine cannot run is marked here too.
ColumnLayout {
    id: root
    required property ProjectDocument document
    required property string axis
    property string help
    readonly property var settings: document.jobSettings
    readonly property bool meshAxis: axis !== "microbatches" && axis !== "virtual_stages"
    readonly property int most: meshAxis ? Number(settings.chips || 0) : 512
    readonly property var choices: {
        const out = []
        for (let v = 1; v <= most && out.length < 4096; ++v)
            if (!meshAxis || most % v === 0)
                out.push(v)
        return out.length ? out : [1]
    }
    // Why the typed text was refused ("" when it was not), and that text.
    property string refusal: ""
    property string refusedText: ""
    // The undo entry of this field's last accepted edit: while it is still the newest, the
    // engine's verdict on the plan is this edit's and is shown here.
    property string editedUndoText: ""
    readonly property string engineProblem: {
        if (editedUndoText.length === 0 || document.undoText !== editedUndoText)
            return ""
        const d = document.dashboard
        if (d.valid === false)
            return d.error || qsTr("The engine cannot run this plan.")
        if (d.fits === false)
            return qsTr("Does not fit: %1 of %2 GiB per chip.").arg(Number(d.hbmUsedGib).toFixed(1))
                                                             .arg(Number(d.hbmCapacityGib).toFixed(1))
        return ""
    }
    readonly property string problem: refusal.length > 0 ? refusal : engineProblem
    spacing: Theme.gapTight

    function sync() {
        const current = Number(settings[axis] || 1)
        let best = 0
        for (let i = 0; i < choices.length; ++i)
            if (Math.abs(choices[i] - current) < Math.abs(choices[best] - current))
                best = i
        spin.value = best
    }
    // The reason a typed size cannot be used, in the user's terms, with the nearest that can.
    function reasonFor(text) {
        const want = Number(text)
        if (!/^[0-9]+$/.test(text.trim()) || want < 1)
            return qsTr("%1 must be a whole number of at least 1.").arg(axis)
        if (want > most)
            return meshAxis ? qsTr("%1 %2 is more than the job's %3 chips.").arg(axis).arg(want).arg(most)
                            : qsTr("%1 can be at most %2.").arg(axis).arg(most)
        let below = 1, above = most
        for (const c of choices) {
            if (c < want) below = c
            else if (c > want) { above = c; break }
        }
        return qsTr("%1 %2 does not divide the job's %3 chips; the nearest that do are %4 and %5.")
            .arg(axis).arg(want).arg(most).arg(below).arg(above)
    }
    function refuse(text) {
        refusal = reasonFor(text)
        refusedText = text
        // The spin box puts its own value's text back after valueFromText; put the user's back.
        Qt.callLater(() => { if (root.refusal.length > 0) spin.contentItem.text = root.refusedText })
    }
    function clearRefusal() {
        if (refusal.length > 0 && spin.contentItem)
            // Showing the refused text replaced the field's binding to the spin box's value;
            // put it back, or the field would keep (and later re-apply) stale text.
            spin.contentItem.text = Qt.binding(() => spin.displayText)
        refusal = ""
        refusedText = ""
    }
    Connections {
        target: root.document
        function onJobSettingsChanged() { root.sync() }
        function onSelectedJobChanged() { root.editedUndoText = ""; root.clearRefusal() }
    }
    onChoicesChanged: sync()
    Component.onCompleted: sync()

    RowLayout {
        Layout.fillWidth: true
        Label { text: root.axis; Layout.preferredWidth: 92; font.pixelSize: 12 }
        SpinBox {
            id: spin
            objectName: "axis_" + root.axis
            Layout.fillWidth: true
            from: 0
            to: root.choices.length - 1
            editable: true
            // Any digits may be typed (the value is an index into the choices, so the default
            // validator would stop "128" at "12"); the size is checked when it is entered.
            validator: RegularExpressionValidator { regularExpression: /[0-9]{0,7}/ }
            textFromValue: v => String(root.choices[Math.max(0, Math.min(v, root.choices.length - 1))])
            valueFromText: text => {
                const index = root.choices.indexOf(Number(text))
                if (text.trim().length > 0 && index >= 0) {
                    root.clearRefusal()
                    return index
                }
                root.refuse(text)
                return spin.value
            }
            onValueModified: {
                root.clearRefusal()
                const ok = root.document.setMeshAxis(root.document.selectedJob, root.axis, root.choices[value])
                root.editedUndoText = ok ? root.document.undoText : ""
                // Refused by the model (tp must divide the heads...): the field keeps the size
                // and says why, without the file pointer of the banner's message.
                if (!ok)
                    root.refusal = qsTr("%1 %2 was refused: %3").arg(root.axis).arg(root.choices[value])
                        .arg(root.document.errorText.replace(/^.*? was refused: /, "").replace(/^\/[^ ]*: /, ""))
            }
            Keys.onEscapePressed: event => {
                root.clearRefusal()
                root.sync()
                event.accepted = true
            }
            ToolTip.visible: hovered && root.help.length > 0 && root.problem.length === 0
            ToolTip.text: root.help
            ToolTip.delay: 500
            Rectangle {
                objectName: "axisMark_" + root.axis
                anchors.fill: parent
                color: "transparent"
                border.color: Theme.bad
                border.width: 2
                radius: 2
                visible: root.problem.length > 0
            }
        }
    }
    Label {
        objectName: "axisProblem_" + root.axis
        Layout.fillWidth: true
        Layout.leftMargin: 96
        visible: root.problem.length > 0
        text: root.problem
        color: Theme.bad
        font.pixelSize: 11
        wrapMode: Text.Wrap
    }
}
